import { PGlite } from '@electric-sql/pglite';
const rss = () => (process.memoryUsage().rss / 1048576).toFixed(0) + ' MB';
console.log('start', rss());
const opts = process.argv[3] ? { postgresqlconf: process.argv[3].split(';') } : {};
const pg = new PGlite(process.argv[2], opts);
await pg.waitReady;
console.log('open', rss(), (await pg.query('show shared_buffers')).rows[0]);
for (let i = 0; i < 3; i++) {
  await pg.query('select count(*) from courses c join course_chapters ch on ch.course_id = c.id');
  await pg.query(`select * from courses where title ilike '%科研%' order by id limit 50`);
  await pg.query(`select * from news order by id desc limit 100`);
}
console.log('queries', rss(), 'wasm heap', (pg.Module?.HEAP8?.length / 1048576) || '?');
await pg.close();
