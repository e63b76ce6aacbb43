/**
 * npm run audit:permissions [-- --csv]: the permission matrix of the seeded personas, from a fresh
 * in-memory database with the demo seed. Prints a readable table and the CSV, or only the CSV with --csv.
 */
import { computeMatrix } from '../server/audit/run';

const csvOnly = process.argv.includes('--csv');
const { table, csv } = await computeMatrix();
if (!csvOnly) console.log(`Permission matrix (seeded grants, hasPermission)\n\n${table}\n\nCSV\n`);
console.log(csv);
