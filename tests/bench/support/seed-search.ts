/**
 * The search bench's members, in SQL with generate_series: `n` members with names made of a first name (one of 40)
 * and a surname of three syllables (one of 8,000), so a full name is rare and a first name common (1 in 40), as in
 * a real directory; member 1 is "Thandeka Mokoena" (the name the bench looks for) and has the viewer's session.
 * E-mail addresses hold words no name has, so the privacy check can look for one. Seeding twice changes nothing.
 */
import type pg from 'pg';

export const SEARCH_SMALL = 1_000;
export const SEARCH_LARGE = 100_000;
export const SEARCH_SESSION = 'bench-search-session';

const FIRST = [
  'Thandeka',
  'Sipho',
  'Lerato',
  'Pieter',
  'Anele',
  'Johan',
  'Naledi',
  'Kagiso',
  'Zanele',
  'Riaan',
  'Ayanda',
  'Chantal',
  'Bongani',
  'Elize',
  'Themba',
  'Karabo',
  'Marike',
  'Lwazi',
  'Nomsa',
  'Francois',
  'Palesa',
  'Tshepo',
  'Annelie',
  'Mandla',
  'Refilwe',
  'Gert',
  'Busisiwe',
  'Kyle',
  'Mpho',
  'Liezl',
  'Sibusiso',
  'Nandi',
  'Willem',
  'Dineo',
  'Jabu',
  'Carla',
  'Vusi',
  'Hendrik',
  'Lindiwe',
  'Tumelo',
];
const SYLLABLES = [
  'ba',
  'ko',
  'ne',
  'ma',
  'thu',
  'le',
  'si',
  'ra',
  'ndi',
  'we',
  'zo',
  'pha',
  'ge',
  'lu',
  'mo',
  'sha',
  'ti',
  'vi',
  'de',
  'ka',
];

/** Seeds `n` members and the viewer's session into an empty, migrated database; answers the member count. */
export async function seedSearchMembers(db: pg.Client, n: number): Promise<number> {
  const done = await db.query('SELECT count(*)::int AS n FROM users');
  if (done.rows[0].n >= n) return done.rows[0].n;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO users (id, first_name, last_name, email, created_at)
     SELECT md5('search-member-' || i)::uuid,
            CASE WHEN i = 1 THEN 'Thandeka' ELSE ($2::text[])[1 + (i * 7) % 40] END,
            CASE WHEN i = 1 THEN 'Mokoena'
                 ELSE initcap(($3::text[])[1 + i % 20] || ($3::text[])[1 + (i / 20) % 20] || ($3::text[])[1 + (i / ` +
      `400) % 20]) END,
            'quagga' || i || '@bench.example',
            date_trunc('milliseconds', now()) - make_interval(secs => $1 - i)
       FROM generate_series(1, $1::int) AS i`,
    [n, FIRST, SYLLABLES],
  );
  await db.query(
    `INSERT INTO sessions (token_hash, member_id, expires_at)
     VALUES (encode(sha256(convert_to($1, 'UTF8')), 'hex'), md5('search-member-1')::uuid, now() + interval '30 days')`,
    [SEARCH_SESSION],
  );
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE users');
  return (await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
}

/**
 * What the first row of each kind is called: the rare name the bench looks for (the other rows' words are made of
 * SYLLABLES).
 */
export const RARE = { business: 'Mokoena Bakery', event: 'Mokoena Jazz Night', group: 'Mokoena Braai Club' } as const;

/**
 * A business's second word. Names are unique (a unique index): with 13 words, word i % 8000 and noun
 * (i / 8000 + i) % 13 never repeat a pair below 104,000 rows (rows 8,000 apart differ by 6k mod 13 in their noun).
 */
const BUSINESS_NOUNS = [
  'Bakery',
  'Deli',
  'Motors',
  'Salon',
  'Plumbing',
  'Books',
  'Pharmacy',
  'Hardware',
  'Florist',
  'Butchery',
  'Tailors',
  'Nursery',
  'Cycles',
]
  .map((w) => `'${w}'`)
  .join(',');

/**
 * Seeds `n` businesses, events, groups and jobs (open ones) into a database that holds the search members, names
 * made like the members' (a three-syllable word, then a word of the kind: "Kobane Deli", "Lesira Fun Run"), so a
 * name is rare and a kind's word common; row 1 of each kind has its RARE name, and job 1 is at business 1
 * (Mokoena Bakery: a job's company is found through the business's name). Categories, types and places come from
 * short lists, as in the app. Seeding twice changes nothing; answers the rows per kind.
 */
export async function seedSearchRows(db: pg.Client, n: number): Promise<number> {
  const done = await db.query('SELECT count(*)::int AS n FROM job_vacancies');
  if (done.rows[0].n >= n) return done.rows[0].n;
  const word = (i: string) =>
    `initcap(($2::text[])[1 + ${i} % 20] || ($2::text[])[1 + (${i} / 20) % 20] || ($2::text[])[1 + (${i} / 400) % 20])`;
  const member = (i: string) => `md5('search-member-' || (1 + ${i} % $3))::uuid`;
  const created = `date_trunc('milliseconds', now()) - make_interval(secs => $1 - i)`;
  const places =
    `(ARRAY['Cape ` +
    `Town','Johannesburg','Durban','Pretoria','Gqeberha','Bloemfontein','London','Perth','Toronto'])[1 + i % 9]`;
  const members = (await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO businesses (id, name, category, description, owner_id, created_at)
     SELECT md5('search-business-' || i)::uuid,
            CASE WHEN i = 1 THEN '${RARE.business}' ELSE ${word('i')} || ' ' || (ARRAY[${BUSINESS_NOUNS}])[1 + (i / ` +
      `8000 + i) % 13] END,
            (ARRAY['Food & ` +
      `Drink','Retail','Health','Services','Automotive','Beauty','Education',` +
      `'Home','Legal','Technology','Travel','Other'])[1 + i % 12],
            'A business of the search bench', ${member('i')}, ${created}
       FROM generate_series(1, $1::int) AS i`,
    [n, SYLLABLES, members],
  );
  await db.query(
    `INSERT INTO events (id, host_id, title, description, date, time, location, category, created_at)
     SELECT md5('search-event-' || i)::uuid, ${member('i')},
            CASE WHEN i = 1 THEN '${RARE.event}' ELSE ${word('i')} || ' ' || (ARRAY['Jazz Night','Braai','Market ` +
      `Day','Fun Run','Workshop','Book Launch','Quiz Night','Meetup'])[1 + (i * 3) % 8] END,
            'An event of the search bench', current_date + (i % 90), '18:30', ${places},
            (ARRAY['Networking','Technology','Arts & Culture','Business','Sports','Music','Other'])[1 + i % ` +
      `7], ${created}
       FROM generate_series(1, $1::int) AS i`,
    [n, SYLLABLES, members],
  );
  await db.query(
    `INSERT INTO groups (id, name, type, location_name, latitude, longitude, creator_id, member_count, created_at)
     SELECT md5('search-group-' || i)::uuid,
            CASE WHEN i = 1 THEN '${RARE.group}' ELSE ${word('i')} || ' ' || (ARRAY['Braai Club','Hikers','Book ` +
      `Club','Parents','Runners','Gardeners'])[1 + (i * 3) % 6] END,
            (ARRAY['Favourites','SAFFA Local Community','Jokes','Sport','Braai','Other'])[1 + i % 6], ${places},
            -34 + (i % 1000) / 1000.0, 18 + (i / 1000 % 1000) / 1000.0, ${member('i')}, 1, ${created}
       FROM generate_series(1, $1::int) AS i`,
    [n, SYLLABLES, members],
  );
  // Odd jobs are at business i, even ones are posted under their poster's own name.
  await db.query(
    `INSERT INTO job_vacancies (id, business_id, poster_id, title, location, job_type, description, created_at)
     SELECT md5('search-job-' || i)::uuid, CASE WHEN i % 2 = 1 THEN md5('search-business-' || i)::uuid END, ` +
      `md5('search-member-' || (1 + i % $2))::uuid,
            (ARRAY['Braai Chef','Barista','Software Developer','Paralegal','Relocation Coordinator','Maths ` +
      `Tutor','Driver','Nurse'])[1 + i % 8]
              || ' ' || (ARRAY['Trainee','Assistant','Lead','Manager'])[1 + (i / 8) % 4],
            ${places}, (ARRAY['Full-time','Part-time','Contract','Internship','Remote'])[1 + i % 5],
            'A job of the search bench', ${created}
       FROM generate_series(1, $1::int) AS i`,
    [n, members],
  );
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE businesses, events, groups, job_vacancies');
  return (await db.query('SELECT count(*)::int AS n FROM job_vacancies')).rows[0].n;
}
