// Writes src/phone-metadata-id.ts: the Indonesian entry of libphonenumber-js's max metadata (ADR 0044).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const require = createRequire(import.meta.url);
const full = require('libphonenumber-js/metadata.max.json');
const meta = { version: full.version, country_calling_codes: { 62: ['ID'] }, countries: { ID: full.countries.ID } };
const file = new URL('../src/phone-metadata-id.ts', import.meta.url);
writeFileSync(
  file,
  `/**
 * libphonenumber-js metadata ("max", the precise rules) for Indonesia alone: country calling code 62 and the ID
 * entry of \`libphonenumber-js/metadata.max.json\`, copied as they are (ADR 0044). The whole max metadata is 157 KB
 * and used to ship in the sign-in screen's chunk; this is under 2 KB and gives the same answer for every +62 number.
 * To refresh it after a libphonenumber-js upgrade: \`npm run phone-metadata -w @kelola/domain\`.
 */
import type { MetadataJson } from 'libphonenumber-js/core';

export const PHONE_METADATA_ID = ${JSON.stringify(meta)} as unknown as MetadataJson;
`,
);
execFileSync('npx', ['prettier', '--write', file.pathname], { stdio: 'inherit' });
