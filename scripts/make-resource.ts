/** `npm run make:resource -- <collection> [field:kind …] [options]`: scripts/make-resource/generate.ts says what it writes. */
import { makeResource } from './make-resource/generate';

async function main() {
  const root = process.cwd();
  try {
    const dryRun = process.argv.includes('--dry-run');
    const { written, edited } = await makeResource(root, process.argv.slice(2));
    console.log(dryRun ? 'Would write:' : 'Wrote:');
    for (const file of written) console.log(`  ${file}`);
    console.log(dryRun ? 'Would add:' : 'Added:');
    for (const { file, change } of edited) console.log(`  ${file}: ${change}`);
    if (!dryRun) {
      console.log(
        'Next: run its test (npx vitest run tests/server/<collection>.test.ts), adjust the texts, the icon and the menu place.',
      );
    }
  } catch (error) {
    console.error(`make:resource: ${error instanceof Error ? error.message : String(error)}`);
    console.error('Nothing was written.');
    process.exitCode = 1;
  }
}

await main();
