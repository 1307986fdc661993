/**
 * The deployment files an operator follows (issue 15 item 7; README "Deploying"). Docker has no daemon where the
 * tests run, so this reads docker-compose.yml with a YAML parser, the Dockerfile, docs/nginx.conf and the README,
 * and checks that they agree: the services and their images, healthchecks on /healthz that the balancer waits for,
 * restart policies, the variables the README lists, and the database extensions the migrations create.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../support/app';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: string | { context: string };
  restart?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  command?: string | string[];
}

const composeText = read('docker-compose.yml');
// YAML 1.1 merge keys (`<<: *api`), as Docker Compose reads them.
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const readme = read('README.md');
const deploying = readme.slice(
  readme.indexOf('## Deploying'),
  readme.indexOf('\n## ', readme.indexOf('## Deploying') + 1),
);
const dockerfile = read('Dockerfile');
const API_REPLICAS = ['api-1', 'api-2'];
/** The one service that runs once and exits (it makes the buckets): no restart policy, no healthcheck. */
const ONE_SHOT = 's3-init';
/** The variables named in the first column of a Markdown table: `A`, or `A`, `B` on one row. */
const tableVariables = (markdown: string) =>
  new Set(
    [...markdown.matchAll(/^\| ([^|]+)\|/gm)].flatMap((row) =>
      [...row[1].matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]),
    ),
  );
const healthcheckText = (s: Service) => [s.healthcheck?.test ?? []].flat().join(' ');

describe('docker-compose.yml', () => {
  test('has PostgreSQL, an S3-compatible store (with its one-shot bucket setup), two API replicas of one image and a load balancer', () => {
    expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'db', 'lb', 's3', 's3-init']);
    expect(services.db.image).toMatch(/^postgres:\d+/);
    expect(services.lb.image).toMatch(/^nginx:/);
    expect(services.s3.image).toMatch(/^minio\/minio:/);
    expect(services.s3.profiles).toBeUndefined(); // no longer a placeholder: it starts with the rest
    expect(services['s3-init'].image).toBe(services.s3.image);
    for (const name of API_REPLICAS) {
      // Built once from the Dockerfile: no bind mount of the source, no build at start-up.
      expect(services[name].build).toBe('.');
      expect(services[name].image).toBe(services['api-1'].image);
      expect(services[name].command).toBeUndefined();
      expect(services[name].volumes?.some((v) => v.startsWith('.:') || v.startsWith('./:'))).toBeFalsy();
    }
  });

  test('every service restarts by itself, and every long-running one has a healthcheck', () => {
    for (const [name, s] of Object.entries(services)) {
      if (name === ONE_SHOT) continue;
      expect(s.restart, name).toBe('unless-stopped');
      expect(s.healthcheck, name).toBeDefined();
    }
    for (const name of [...API_REPLICAS, 'lb']) expect(healthcheckText(services[name]), name).toContain('/healthz');
    expect(healthcheckText(services.db)).toContain('pg_isready');
  });

  test('the bucket setup runs once, after the store is healthy', () => {
    expect(services[ONE_SHOT].restart).toBe('no');
    expect(services[ONE_SHOT].depends_on).toEqual({ s3: { condition: 'service_healthy' } });
  });

  test('the replicas wait for a healthy database and store and for the buckets, and the balancer for healthy replicas', () => {
    for (const name of API_REPLICAS) {
      expect(services[name].depends_on).toEqual({
        db: { condition: 'service_healthy' },
        s3: { condition: 'service_healthy' },
        [ONE_SHOT]: { condition: 'service_completed_successfully' },
      });
    }
    expect(services.lb.depends_on).toEqual(
      Object.fromEntries(API_REPLICAS.map((n) => [n, { condition: 'service_healthy' }])),
    );
  });

  test('the balancer sends HTTP and websockets to both replicas', () => {
    const mount = services.lb.volumes?.find((v) => v.includes('/etc/nginx/conf.d/'));
    expect(mount).toBeDefined();
    const nginx = read(mount!.split(':')[0]);
    for (const name of API_REPLICAS) expect(nginx).toMatch(new RegExp(`server ${name}:3000\\b`));
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
    expect(nginx).toMatch(/proxy_set_header Connection \$connection_upgrade/);
    expect(nginx).toMatch(/proxy_http_version 1\.1/);
    expect(nginx).toMatch(/X-Forwarded-Proto/);
  });

  test('PUBLIC_URL is the one address setting: the replicas get it and no origin list of their own', () => {
    for (const name of API_REPLICAS) {
      const env = services[name].environment!;
      expect(env.PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL(:-[^}]+)?\}$/);
      expect(env.CORS_ORIGINS).toBeUndefined();
      expect(env.COOKIE_SECURE).toBeUndefined();
      expect(env.NODE_ENV).toBe('production');
      expect(env.TRUST_PROXY).toBe('1');
      expect(env.DATABASE_URL).toMatch(/@db:5432\//);
    }
  });

  test('the replicas keep media and private files in the two buckets s3-init makes, with its app user, and share no volume', () => {
    const script = [services[ONE_SHOT].command ?? []].flat().join('\n');
    for (const name of API_REPLICAS) {
      const env = services[name].environment!;
      expect(env.MEDIA_S3_ENDPOINT).toBe('http://s3:9000');
      expect(env.MEDIA_S3_BUCKET).toBeTruthy();
      expect(env.MEDIA_S3_PRIVATE_BUCKET).toBeTruthy();
      expect(env.MEDIA_S3_PRIVATE_BUCKET).not.toBe(env.MEDIA_S3_BUCKET);
      expect(env.MEDIA_S3_FORCE_PATH_STYLE).toBe('true');
      expect(env.MEDIA_DIR).toBeUndefined();
      expect(env.PRIVATE_DIR).toBeUndefined();
      expect(services[name].volumes ?? []).toEqual([]);
      for (const bucket of [env.MEDIA_S3_BUCKET, env.MEDIA_S3_PRIVATE_BUCKET]) {
        expect(script).toContain(`saffa/${bucket}`);
        expect(script).toContain(`mc anonymous set none saffa/${bucket}`);
        expect(script).toContain(`arn:aws:s3:::${bucket}/*`);
      }
      // Not MinIO's root user: the app's own, with the policy for the two buckets.
      expect(env.MEDIA_S3_ACCESS_KEY_ID).not.toMatch(/S3_ACCESS_KEY/);
      expect(script).toContain(`mc admin user add saffa ${env.MEDIA_S3_ACCESS_KEY_ID} `);
      expect(script).toContain(`--user ${env.MEDIA_S3_ACCESS_KEY_ID}`);
      expect(env.MEDIA_S3_SECRET_ACCESS_KEY).toBe(services[ONE_SHOT].environment!.SAFFA_S3_SECRET_KEY);
    }
    expect(Object.keys(compose.volumes).sort()).toEqual(['pgdata', 's3data']);
    // Every MEDIA_S3_* setting of the app has its row in the configuration table.
    const config = read('api/src/config.ts');
    const settingsRead = new Set(
      [
        ...config.matchAll(
          /'(ENDPOINT|REGION|BUCKET|PRIVATE_BUCKET|ACCESS_KEY_ID|SECRET_ACCESS_KEY|FORCE_PATH_STYLE)'/g,
        ),
      ].map((m) => `MEDIA_S3_${m[1]}`),
    );
    expect(settingsRead.size).toBe(7);
    for (const v of settingsRead) expect(tableVariables(readme), v).toContain(v);
    expect(deploying).toMatch(/MEDIA_S3_/);
  });

  test('the app settings it sets are documented, and the variables it reads are the ones "Deploying" lists', () => {
    const configured = tableVariables(readme);
    for (const key of Object.keys(services['api-1'].environment!))
      expect(configured, `${key} in the configuration table`).toContain(key);
    const fromShell = new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+)(?::-[^}]*)?\}/g)].map((m) => m[1]));
    const listed = tableVariables(deploying);
    expect([...fromShell].sort()).toEqual([...listed].sort());
  });

  test('the database is created with every extension the migrations create, by a superuser', () => {
    const migrations = path.join(REPO_ROOT, 'api', 'src', 'db', 'migrations');
    const wanted = new Set<string>();
    for (const f of fs.readdirSync(migrations)) {
      for (const m of fs
        .readFileSync(path.join(migrations, f), 'utf8')
        .matchAll(/CREATE EXTENSION IF NOT EXISTS "?([a-z_-]+)"?/g))
        wanted.add(m[1]);
    }
    expect([...wanted].sort()).toEqual(['citext', 'cube', 'earthdistance', 'pg_trgm', 'uuid-ossp']);
    const init = services.db.volumes?.find((v) => v.includes('/docker-entrypoint-initdb.d'));
    expect(init).toBeDefined();
    const dir = init!.split(':')[0];
    const scripts = fs
      .readdirSync(path.join(REPO_ROOT, dir))
      .map((f) => read(path.join(dir, f)))
      .join('\n');
    for (const ext of wanted)
      expect(scripts).toContain(`CREATE EXTENSION IF NOT EXISTS ${ext.includes('-') ? `"${ext}"` : ext};`);
    // The README names the ones that need a superuser.
    expect(deploying).toMatch(/earthdistance/);
    expect(deploying).toMatch(/uuid-ossp/);
  });
});

describe('Dockerfile', () => {
  const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => ({
    from: m[1],
    name: m[2],
  }));
  const stage = (name: string) => {
    const start = dockerfile.search(new RegExp(`^FROM .* AS ${name}\\s*$`, 'im'));
    const next = dockerfile.slice(start + 1).search(/^FROM /m);
    return next < 0 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + next);
  };

  test('builds in one stage and runs from another', () => {
    expect(stages.map((s) => s.name)).toEqual(['base', 'build', 'runtime']);
    expect(stage('build')).toMatch(/^RUN npm ci$/m);
    expect(stage('build')).toMatch(/^RUN npm run build$/m);
    const runtime = stage('runtime');
    expect(runtime).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/COPY --from=build \/app\/api\/dist api\/dist/);
    expect(runtime).toMatch(/COPY --from=build \/app\/web\/dist web\/dist/);
    // The server render of the home page (web/src/app/server.tsx), beside the web app.
    expect(runtime).toMatch(/COPY --from=build \/app\/web\/dist-server web\/dist-server/);
    expect(runtime).not.toMatch(/npm run build/);
  });

  test('runs node api/dist/main.js as a user without privileges, with a healthcheck on /healthz', () => {
    const runtime = stage('runtime');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    expect(runtime).toMatch(/^CMD \["node", "api\/dist\/main\.js"\]$/m);
  });

  test('.dockerignore keeps local builds, dependencies and data out of the image', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['.git', '**/node_modules', '**/dist', '**/dist-server', 'data', '.env'])
      expect(ignored).toContain(entry);
  });
});
