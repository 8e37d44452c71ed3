const fs=require('fs');const z=require('zlib');const {TraceMap, eachMapping}=require('@jridgewell/trace-mapping');
const m=require('/tmp/bs/.vite/manifest.json');
const keys=process.argv.slice(2);const seen=new Set();const files=new Set();
const visit=k=>{const c=m[k];if(!c||seen.has(k))return;seen.add(k);if(c.file.endsWith('.js'))files.add(c.file);for(const i of c.imports||[])visit(i)};
keys.forEach(visit);
const sizes={};let tot=0,gz=0;
for(const file of files){const code=fs.readFileSync('/tmp/bs/'+file,'utf8');gz+=z.gzipSync(code,{level:9}).length;tot+=code.length;
if(!fs.existsSync('/tmp/bs/'+file+'.map'))continue;const map=new TraceMap(JSON.parse(fs.readFileSync('/tmp/bs/'+file+'.map','utf8')));const lines=code.split('\n');const segs=[];eachMapping(map,x=>segs.push(x));
segs.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
for(let i=0;i<segs.length;i++){const s=segs[i],n=segs[i+1];const end=n&&n.generatedLine===s.generatedLine?n.generatedColumn:lines[s.generatedLine-1].length;let src=(s.source||'?');src=src.includes('node_modules/')?src.replace(/.*node_modules\//,'nm:').replace(/^(nm:(@[^/]+\/)?[^/]+).*/,'$1'):src.replace(/.*\/src\/web\//,'web/').replace(/.*\/src\/contract\//,'contract/');sizes[src]=(sizes[src]||0)+(end-s.generatedColumn);}}
Object.entries(sizes).sort((a,b)=>b[1]-a[1]).slice(0,30).forEach(([k,v])=>console.log((v/1000).toFixed(1).padStart(8),k));console.log('raw',tot/1000,'gz',gz/1000);
