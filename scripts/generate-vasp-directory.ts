/**
 * Generates the VASP directory the travel-rule area ships as data (issue 7): fictional VASPs with
 * DID ids, legal names, national identification, addresses and a fresh RSA key pair each. The
 * public keys go into the directory; the private keys go into a separate file that only the
 * simulated counterparty network reads (it decrypts what the console encrypts for a VASP).
 *
 * The output is committed, so starting the service never generates keys. Run again only to
 * replace the directory (every key changes, so TRMs encrypted for the old keys no longer decrypt):
 *
 *   node --import tsx scripts/generate-vasp-directory.ts
 */
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Row = [
  name: string,
  legal: string,
  country: string,
  city: string,
  street: string,
  building: string,
  postalCode: string,
  requirements: 'STANDARD' | 'FULL',
];

// Every name and domain is made up (the .example top-level domain is reserved for examples).
const ROWS: Row[] = [
  ['Asset Ops Demo Custody', 'Asset Ops Demo Custody GmbH', 'DE', 'Berlin', 'Friedrichstraße', '68', '10117', 'FULL'],
  ['Northwind Digital', 'Northwind Digital Assets GmbH', 'DE', 'Frankfurt am Main', 'Neue Mainzer Straße', '52', '60311', 'FULL'],
  ['Rheinkap Exchange', 'Rheinkap Exchange AG', 'DE', 'Düsseldorf', 'Königsallee', '27', '40212', 'FULL'],
  ['Isarblock', 'Isarblock Verwahrstelle GmbH', 'DE', 'München', 'Maximilianstraße', '13', '80539', 'STANDARD'],
  ['Seine Custody', 'Seine Custody SAS', 'FR', 'Paris', 'Rue de la Paix', '8', '75002', 'FULL'],
  ['Lumière Crypto', 'Lumière Crypto Services SA', 'FR', 'Lyon', 'Rue de la République', '41', '69002', 'STANDARD'],
  ['Alpenwert', 'Alpenwert Digital AG', 'CH', 'Zürich', 'Bahnhofstrasse', '45', '8001', 'FULL'],
  ['Lemanic Vault', 'Lemanic Vault SA', 'CH', 'Genève', 'Rue du Rhône', '30', '1204', 'STANDARD'],
  ['Zugerberg Assets', 'Zugerberg Assets AG', 'CH', 'Zug', 'Baarerstrasse', '14', '6300', 'STANDARD'],
  ['Thames Ledger', 'Thames Ledger Ltd', 'GB', 'London', 'Cheapside', '100', 'EC2V 6DT', 'FULL'],
  ['Clydeside Coins', 'Clydeside Coins Ltd', 'GB', 'Glasgow', 'St Vincent Street', '125', 'G2 5JF', 'STANDARD'],
  ['Liffey Digital', 'Liffey Digital Assets Ltd', 'IE', 'Dublin', "Sir John Rogerson's Quay", '70', 'D02 R296', 'FULL'],
  ['Amstel Custody', 'Amstel Custody B.V.', 'NL', 'Amsterdam', 'Herengracht', '450', '1017 CA', 'FULL'],
  ['Maasport Crypto', 'Maasport Crypto B.V.', 'NL', 'Rotterdam', 'Coolsingel', '104', '3011 AG', 'STANDARD'],
  ['Scheldt Exchange', 'Scheldt Exchange NV', 'BE', 'Antwerpen', 'Meir', '24', '2000', 'STANDARD'],
  ['Moselle Trust', 'Moselle Trust S.A.', 'LU', 'Luxembourg', 'Boulevard Royal', '2', '2449', 'FULL'],
  ['Danube Digital', 'Danube Digital GmbH', 'AT', 'Wien', 'Kärntner Ring', '5', '1010', 'FULL'],
  ['Vltava Coin', 'Vltava Coin s.r.o.', 'CZ', 'Praha', 'Na Příkopě', '33', '110 00', 'STANDARD'],
  ['Vistula Exchange', 'Vistula Exchange sp. z o.o.', 'PL', 'Warszawa', 'Aleje Jerozolimskie', '65', '00-697', 'STANDARD'],
  ['Tagus Custódia', 'Tagus Custódia de Ativos, S.A.', 'PT', 'Lisboa', 'Avenida da Liberdade', '110', '1269-046', 'STANDARD'],
  ['Meseta Cripto', 'Meseta Cripto S.L.', 'ES', 'Madrid', 'Paseo de la Castellana', '89', '28046', 'FULL'],
  ['Llevant Digital', 'Llevant Digital S.L.', 'ES', 'Barcelona', 'Passeig de Gràcia', '21', '08007', 'STANDARD'],
  ['Navigli Asset', 'Navigli Asset S.p.A.', 'IT', 'Milano', 'Via Monte Napoleone', '8', '20121', 'FULL'],
  ['Tevere Crypto', 'Tevere Crypto S.r.l.', 'IT', 'Roma', 'Via del Corso', '184', '00187', 'STANDARD'],
  ['Öresund Krypto', 'Öresund Krypto AB', 'SE', 'Stockholm', 'Kungsgatan', '30', '111 35', 'STANDARD'],
  ['Nyhavn Digital', 'Nyhavn Digital ApS', 'DK', 'København', 'Bredgade', '40', '1260', 'STANDARD'],
  ['Fjord Custody', 'Fjord Custody AS', 'NO', 'Oslo', 'Karl Johans gate', '16', '0154', 'FULL'],
  ['Aura Ledger', 'Aura Ledger Oy', 'FI', 'Helsinki', 'Mannerheimintie', '14', '00100', 'STANDARD'],
  ['Baltic Vault', 'Baltic Vault OÜ', 'EE', 'Tallinn', 'Narva maantee', '7', '10117', 'STANDARD'],
  ['Akropolis Digital', 'Akropolis Digital Assets S.A.', 'GR', 'Athina', 'Panepistimiou', '39', '105 64', 'STANDARD'],
  ['Valletta Block', 'Valletta Block Ltd', 'MT', 'Valletta', 'Merchants Street', '171', 'VLT 1174', 'FULL'],
  ['Limassol Exchange', 'Limassol Exchange Ltd', 'CY', 'Limassol', 'Arch. Makariou III Avenue', '195', '3030', 'STANDARD'],
  ['Hudson Custody', 'Hudson Custody LLC', 'US', 'New York', 'Broad Street', '85', '10004', 'FULL'],
  ['Lakeshore Digital', 'Lakeshore Digital Inc.', 'US', 'Chicago', 'West Jackson Boulevard', '141', '60604', 'STANDARD'],
  ['Golden Gate Ledger', 'Golden Gate Ledger Inc.', 'US', 'San Francisco', 'Market Street', '555', '94105', 'STANDARD'],
  ['Lone Star Coin', 'Lone Star Coin LLC', 'US', 'Austin', 'Congress Avenue', '301', '78701', 'STANDARD'],
  ['Bayside Trust', 'Bayside Trust Company', 'US', 'Miami', 'Brickell Avenue', '1221', '33131', 'FULL'],
  ['Laurentian Assets', 'Laurentian Digital Assets Inc.', 'CA', 'Toronto', 'Bay Street', '200', 'M5J 2J2', 'FULL'],
  ['Pacific Rim Crypto', 'Pacific Rim Crypto Ltd', 'CA', 'Vancouver', 'West Georgia Street', '1055', 'V6E 3P3', 'STANDARD'],
  ['Paulista Digital', 'Paulista Ativos Digitais Ltda.', 'BR', 'São Paulo', 'Avenida Paulista', '1374', '01310-100', 'STANDARD'],
  ['Reforma Cripto', 'Reforma Cripto S.A.P.I. de C.V.', 'MX', 'Ciudad de México', 'Paseo de la Reforma', '505', '06500', 'STANDARD'],
  ['Andes Custodia', 'Andes Custodia SpA', 'CL', 'Santiago', 'Avenida Apoquindo', '3000', '7550000', 'STANDARD'],
  ['Marina Bay Vault', 'Marina Bay Vault Pte. Ltd.', 'SG', 'Singapore', 'Marina Boulevard', '12', '018982', 'FULL'],
  ['Raffles Digital', 'Raffles Digital Assets Pte. Ltd.', 'SG', 'Singapore', 'Raffles Place', '1', '048616', 'FULL'],
  ['Victoria Harbour Exchange', 'Victoria Harbour Exchange Limited', 'HK', 'Hong Kong', "Queen's Road Central", '15', '000000', 'FULL'],
  ['Marunouchi Crypto', 'Marunouchi Crypto K.K.', 'JP', 'Tokyo', 'Marunouchi', '2-7-2', '100-7004', 'FULL'],
  ['Namsan Digital', 'Namsan Digital Co., Ltd.', 'KR', 'Seoul', 'Sejong-daero', '136', '04520', 'FULL'],
  ['Harbour Bridge Coin', 'Harbour Bridge Coin Pty Ltd', 'AU', 'Sydney', 'George Street', '200', '2000', 'STANDARD'],
  ['Southern Alps Assets', 'Southern Alps Assets Limited', 'NZ', 'Auckland', 'Queen Street', '151', '1010', 'STANDARD'],
  ['Creek Custody', 'Creek Custody FZE', 'AE', 'Dubai', 'Sheikh Zayed Road', '7', '00000', 'FULL'],
  ['Corniche Digital', 'Corniche Digital Assets Ltd', 'AE', 'Abu Dhabi', 'Al Maryah Island, Al Khatem Tower', '1', '00000', 'FULL'],
  ['Bosphorus Kripto', 'Bosphorus Kripto A.Ş.', 'TR', 'İstanbul', 'Büyükdere Caddesi', '185', '34394', 'STANDARD'],
  ['Table Mountain Exchange', 'Table Mountain Exchange (Pty) Ltd', 'ZA', 'Cape Town', 'Bree Street', '61', '8001', 'STANDARD'],
  ['Savannah Ledger', 'Savannah Ledger Limited', 'KE', 'Nairobi', 'Kenyatta Avenue', '28', '00100', 'STANDARD'],
  ['Lagoon Digital', 'Lagoon Digital Assets Limited', 'NG', 'Lagos', 'Adeola Odeku Street', '15', '101241', 'STANDARD'],
  ['Bandra Crypto', 'Bandra Crypto Private Limited', 'IN', 'Mumbai', 'Bandra Kurla Complex, G Block', '3', '400051', 'STANDARD'],
];

const COUNTRY_NAMES: Record<string, string> = {
  DE: 'Germany',
  FR: 'France',
  CH: 'Switzerland',
  GB: 'United Kingdom',
  IE: 'Ireland',
  NL: 'Netherlands',
  BE: 'Belgium',
  LU: 'Luxembourg',
  AT: 'Austria',
  CZ: 'Czechia',
  PL: 'Poland',
  PT: 'Portugal',
  ES: 'Spain',
  IT: 'Italy',
  SE: 'Sweden',
  DK: 'Denmark',
  NO: 'Norway',
  FI: 'Finland',
  EE: 'Estonia',
  GR: 'Greece',
  MT: 'Malta',
  CY: 'Cyprus',
  US: 'United States',
  CA: 'Canada',
  BR: 'Brazil',
  MX: 'Mexico',
  CL: 'Chile',
  SG: 'Singapore',
  HK: 'Hong Kong',
  JP: 'Japan',
  KR: 'South Korea',
  AU: 'Australia',
  NZ: 'New Zealand',
  AE: 'United Arab Emirates',
  TR: 'Türkiye',
  ZA: 'South Africa',
  KE: 'Kenya',
  NG: 'Nigeria',
  IN: 'India',
};

/** ISO 17442 check digits (ISO 7064 MOD 97-10), so every LEI in the directory is well-formed. */
function lei(base18: string): string {
  const digits = (base18 + '00').replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return base18 + String(98 - remainder).padStart(2, '0');
}

/** A deterministic 14-character entity part from the name, so regenerating keeps the identifiers. */
function entityPart(name: string, index: number): string {
  const letters = name.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return (letters + 'X'.repeat(14)).slice(0, 10) + String(index).padStart(4, '0');
}

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const vasps = [];
const keys: Record<string, { privateKeyPem: string; requirements: string }> = {};
for (const [index, [name, legalName, country, city, streetName, buildingNumber, postalCode, requirements]] of ROWS.entries()) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const id = `did:web:${slug(name)}.example`;
  // Half of the VASPs are identified by their LEI, the others by a national registration number.
  const nationalIdentification =
    index % 2 === 0
      ? { identifier: lei(`5493${entityPart(name, index)}`), type: 'LEIX', authority: 'GLEIF' }
      : {
          identifier: `${country}-${String(100000 + index * 7919).slice(0, 6)}-${(index * 37) % 100}`,
          type: 'RAID',
          authority: `Commercial register, ${COUNTRY_NAMES[country]}`,
        };
  vasps.push({
    id,
    name,
    legalName,
    nationalIdentification,
    geographicAddress: {
      formattedAddress: `${streetName} ${buildingNumber}, ${postalCode} ${city}, ${COUNTRY_NAMES[country]}`,
      country,
      streetName,
      buildingNumber,
      city,
      postalCode,
    },
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  keys[id] = { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), requirements };
}

const dir = fileURLToPath(new URL('../src/server/features/compliance/data/', import.meta.url));
writeFileSync(`${dir}vasps.json`, `${JSON.stringify(vasps, null, 2)}\n`);
writeFileSync(`${dir}simulated-counterparties.json`, `${JSON.stringify(keys, null, 2)}\n`);
console.log(`wrote ${vasps.length} VASPs to ${dir}`);
