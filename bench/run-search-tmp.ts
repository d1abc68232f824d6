import { benchSearch } from '/work/main/bench/search.ts';

const quick = process.argv.includes('--quick');
const t = performance.now();
const r = await benchSearch({ quick });
console.log(JSON.stringify(r, null, 1));
console.log('total s', ((performance.now() - t) / 1000).toFixed(1));
