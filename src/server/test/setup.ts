// A statement sent on a PostgreSQL connection that is still busy (two statements at once inside one
// transaction) is queued by node-postgres with a deprecation warning, once per process, and refused
// in pg 9: it fails the run here, so the suite on PostgreSQL finds it while it is still a warning.
process.on('warning', (warning) => {
  if (warning.message.includes('already executing a query')) throw warning;
});
