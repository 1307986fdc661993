import path from 'node:path';

/**
 * Every setting of the server, read from the environment in one place.
 * Defaults give a working embedded setup: `npm start` needs none of them.
 */
function str(name: string, fallback: string): string {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : v;
}
function optional(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : v;
}
function int(name: string, fallback: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${v}"`);
  return n;
}
function bool(name: string, fallback: boolean): boolean {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(v.toLowerCase());
}
function list(name: string, fallback: string[] = []): string[] {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The media store's S3 mode (kernel/media-s3.ts): on when MEDIA_S3_BUCKET is set, off (files under MEDIA_DIR and
 * PRIVATE_DIR) when no MEDIA_S3_* variable is. Public media and private files (CVs, vault documents) go to two
 * buckets, never one: a bucket is the unit S3 policies, replication and public-access blocks apply to, so an
 * operator who opens the media bucket to a CDN cannot expose a CV with it. Half a configuration is refused at start.
 */
export function loadMediaS3() {
  const names = [
    'ENDPOINT',
    'REGION',
    'BUCKET',
    'PRIVATE_BUCKET',
    'ACCESS_KEY_ID',
    'SECRET_ACCESS_KEY',
    'FORCE_PATH_STYLE',
  ] as const;
  const set = names.filter((n) => optional(`MEDIA_S3_${n}`) !== undefined);
  if (!set.length) return null;
  const fail: (why: string) => never = (why) => {
    throw new Error(
      `Media on S3: ${why} (set MEDIA_S3_BUCKET and MEDIA_S3_PRIVATE_BUCKET to use S3, or no MEDIA_S3_* variable to ` +
        `keep files on disk)`,
    );
  };
  const bucket = optional('MEDIA_S3_BUCKET');
  const privateBucket = optional('MEDIA_S3_PRIVATE_BUCKET');
  if (!bucket) fail(`MEDIA_S3_${set[0]} is set but MEDIA_S3_BUCKET is not`);
  if (!privateBucket)
    fail(
      'MEDIA_S3_BUCKET is set but MEDIA_S3_PRIVATE_BUCKET is not: private files (CVs, vault documents) need a bucket ' +
        'of their own',
    );
  if (bucket === privateBucket)
    fail('MEDIA_S3_PRIVATE_BUCKET must not be MEDIA_S3_BUCKET: private files never share the public media bucket');
  for (const b of [bucket!, privateBucket!]) {
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(b))
      fail(`"${b}" is not a valid bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);
  }
  const endpoint = optional('MEDIA_S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      url = null;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol))
      fail(`MEDIA_S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  const accessKeyId = optional('MEDIA_S3_ACCESS_KEY_ID');
  const secretAccessKey = optional('MEDIA_S3_SECRET_ACCESS_KEY');
  if (!!accessKeyId !== !!secretAccessKey)
    fail(
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together (neither: the AWS default credentials, e.g. ' +
        'an instance role)',
    );
  return {
    /** Unset: AWS S3 itself, by region. */
    endpoint: endpoint?.replace(/\/$/, ''),
    region: str('MEDIA_S3_REGION', 'us-east-1'),
    bucket: bucket!,
    privateBucket: privateBucket!,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    /**
     * `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`: what MinIO and most self-hosted stores need.
     */
    forcePathStyle: bool('MEDIA_S3_FORCE_PATH_STYLE', endpoint !== undefined),
  };
}
export type MediaS3Config = NonNullable<ReturnType<typeof loadMediaS3>>;

export function loadConfig() {
  const port = int('PORT', 3000);
  const dataDir = path.resolve(str('DATA_DIR', path.join(process.cwd(), 'data')));
  const databaseUrl = optional('DATABASE_URL');
  const publicUrl = str('PUBLIC_URL', `http://localhost:${port}`).replace(/\/$/, '');
  const production = str('NODE_ENV', 'development') === 'production';
  /** Set by `npm run dev` only: the Vite dev server's origin is then trusted too. */
  const devServer = bool('SAFFA_DEV_SERVER', false);
  return {
    port,
    host: str('HOST', '0.0.0.0'),
    publicUrl,
    production,
    logLevel: str('LOG_LEVEL', 'info'),
    dataDir,
    databaseUrl,
    /** Port of the embedded PostgreSQL; the next free one is taken when busy. */
    embeddedPgPort: int('EMBEDDED_PG_PORT', 54329),
    demoData: bool('DEMO_DATA', !databaseUrl),
    mediaDir: path.resolve(str('MEDIA_DIR', path.join(dataDir, 'media'))),
    /** Private files (CVs): never served from /media, only by routes that ask the owning module's policy. */
    privateDir: path.resolve(str('PRIVATE_DIR', path.join(dataDir, 'private'))),
    /** Set: media and private files live in S3 buckets instead of MEDIA_DIR and PRIVATE_DIR (see loadMediaS3). */
    mediaS3: loadMediaS3(),
    webDist: path.resolve(str('WEB_DIST', path.join(__dirname, '..', '..', 'web', 'dist'))),
    /** Origins allowed for CORS, websocket handshakes and REST writes. */
    allowedOrigins: list('CORS_ORIGINS', [
      new URL(publicUrl).origin,
      ...(devServer && !production ? ['http://localhost:5173'] : []),
    ]),
    sessionCookieName: str('SESSION_COOKIE', 'saffa.sid'),
    sessionDays: int('SESSION_DAYS', 30),
    cookieSecure: bool('COOKIE_SECURE', publicUrl.startsWith('https:')),
    adminEmails: list('ADMIN_EMAILS').map((e) => e.toLowerCase()),
    passwordMinLength: int('PASSWORD_MIN_LENGTH', 8),
    resetTokenMinutes: int('RESET_TOKEN_MINUTES', 60),
    smtpUrl: optional('SMTP_URL'),
    mailFrom: str('MAIL_FROM', 'Saffa <no-reply@saffa.local>'),
    google: {
      issuer: optional('OIDC_ISSUER') ?? (optional('GOOGLE_CLIENT_ID') ? 'https://accounts.google.com' : undefined),
      clientId: optional('GOOGLE_CLIENT_ID'),
      clientSecret: optional('GOOGLE_CLIENT_SECRET'),
    },
    facebook: {
      appId: optional('FACEBOOK_APP_ID'),
      appSecret: optional('FACEBOOK_APP_SECRET'),
      dialogUrl: str('FACEBOOK_DIALOG_URL', 'https://www.facebook.com/v19.0/dialog/oauth'),
      graphUrl: str('FACEBOOK_GRAPH_URL', 'https://graph.facebook.com/v19.0'),
    },
    /**
     * The profile's country flag. COUNTRY_LOOKUP_URL: a URL template for an IP-to-country service, `{ip}` replaced
     * by the request's address (e.g. `https://ipapi.co/{ip}/country/`); it may answer the code as plain text or JSON
     * (`countryCode`, `country_code` or `country`). Unset, unreachable or slower than COUNTRY_LOOKUP_TIMEOUT_MS: no
     * flag, never an error. FLAG_IMAGE_URL: a template for flag images, `{code}` / `{CODE}` the lower / upper-case
     * code (e.g. `https://flagcdn.com/24x18/{code}.png`); unset: the web shows the flag as an emoji.
     */
    country: {
      lookupUrl: optional('COUNTRY_LOOKUP_URL'),
      lookupTimeoutMs: int('COUNTRY_LOOKUP_TIMEOUT_MS', 1_500),
      flagImageUrl: optional('FLAG_IMAGE_URL'),
    },
    /** Reverse geocoding (Nominatim-compatible JSON API); empty turns it off. */
    geocoderUrl: str('GEOCODER_URL', 'https://nominatim.openstreetmap.org/reverse'),
    /**
     * An OpenAI-compatible chat completions API for the job-text helper; without all three a built-in drafter writes.
     */
    llm: {
      baseUrl: optional('LLM_BASE_URL')?.replace(/\/$/, ''),
      apiKey: optional('LLM_API_KEY'),
      model: optional('LLM_MODEL'),
      timeoutMs: int('LLM_TIMEOUT_MS', 20_000),
    },
    /**
     * News feeds (RSS or Atom, read with rss-parser): comma-separated URL lists for South Africa and the world, and a
     * template for local news by coordinates ({place} is the nearest listed city, {lat} and {lon} the coordinates).
     * Each feed is cached for NEWS_CACHE_SECONDS; a feed that does not answer within NEWS_TIMEOUT_MS counts as empty.
     */
    news: {
      saFeeds: list('NEWS_SA_FEEDS', [
        'https://feeds.news24.com/articles/news24/TopStories/rss',
        'https://www.dailymaverick.co.za/dmrss/',
        'https://news.google.com/rss?hl=en-ZA&gl=ZA&ceid=ZA:en',
      ]),
      internationalFeeds: list('NEWS_INTERNATIONAL_FEEDS', [
        'https://feeds.bbci.co.uk/news/world/rss.xml',
        'https://www.theguardian.com/world/rss',
        'https://www.aljazeera.com/xml/rss/all.xml',
      ]),
      localFeedTemplate: str(
        'NEWS_LOCAL_FEED_TEMPLATE',
        'https://news.google.com/rss/search?q={place}&hl=en-ZA&gl=ZA&ceid=ZA:en',
      ),
      cacheSeconds: int('NEWS_CACHE_SECONDS', 300),
      timeoutMs: int('NEWS_TIMEOUT_MS', 4_000),
      /** Most articles one answer carries, newest first. */
      maxArticles: int('NEWS_MAX_ARTICLES', 50),
    },
    /** Timeouts and recovery of the database and the event listener (issue 7, items 6 and 15). */
    database: {
      /** How long a request waits for a pooled connection (or a new one) before it gets a clear 503. */
      connectTimeoutMs: int('DB_CONNECT_TIMEOUT_MS', 2_000),
      /** How long one statement may run: enforced by the server, and by the client when the server does not answer. */
      queryTimeoutMs: int('DB_QUERY_TIMEOUT_MS', 3_000),
      /** A pooled connection is replaced after this long, so a smart shutdown of PostgreSQL can finish. */
      connectionLifetimeSeconds: int('DB_CONNECTION_LIFETIME_SECONDS', 60),
      /** How often the event listener checks that new connections are still accepted (smart shutdown). */
      listenerProbeMs: int('EVENT_LISTENER_PROBE_MS', 10_000),
      /** Longest wait between two attempts to reach the database (boot, listener, embedded restart). */
      maxRetryDelayMs: int('DB_MAX_RETRY_DELAY_MS', 10_000),
    },
    /**
     * Webhooks (modules/webhooks): deliveries are POSTed with a timeout, retried RETRY_BASE_MS after a failure, then
     * twice that, and so on, up to MAX_ATTEMPTS attempts in all (then failed); each API process's worker looks for due
     * deliveries every POLL_MS. URLs must be https and resolve to public addresses; WEBHOOKS_ALLOW_HTTP_LOOPBACK (off
     * by default; tests and local development only) also allows http:// and https:// to loopback (127.0.0.0/8, ::1).
     */
    webhooks: {
      allowHttpLoopback: bool('WEBHOOKS_ALLOW_HTTP_LOOPBACK', false),
      timeoutMs: int('WEBHOOKS_TIMEOUT_MS', 5_000),
      retryBaseMs: int('WEBHOOKS_RETRY_BASE_MS', 30_000),
      maxAttempts: int('WEBHOOKS_MAX_ATTEMPTS', 6),
      pollMs: int('WEBHOOKS_POLL_MS', 2_000),
      /** Most webhooks per member, and per business page. */
      maxPerOwner: int('WEBHOOKS_MAX_PER_OWNER', 10),
    },
    /** Noot vir Noot: how many songs a member may like per calendar month. */
    nootMonthlyLikes: int('NOOT_MONTHLY_LIKES', 10),
    /** Interval of the websocket keep-alive pings (graphql-ws); a socket that misses one pong is closed. */
    wsKeepAliveMs: int('WS_KEEPALIVE_MS', 25_000),
    /**
     * The new-member sandbox (kernel/rate-limit.ts): until a member has confirmed their e-mail address or their
     * account is NEW_MEMBER_HOURS old, they may make this many of each per hour.
     */
    newMembers: {
      hours: int('NEW_MEMBER_HOURS', 24),
      postsPerHour: int('NEW_MEMBER_POSTS_PER_HOUR', 5),
      /** Direct messages to members who are not their friends. */
      messagesPerHour: int('NEW_MEMBER_MESSAGES_PER_HOUR', 10),
      friendRequestsPerHour: int('NEW_MEMBER_FRIEND_REQUESTS_PER_HOUR', 10),
      reportsPerHour: int('NEW_MEMBER_REPORTS_PER_HOUR', 5),
    },
    limits: {
      /** JSON body size for ordinary routes, in bytes. */
      bodyBytes: int('BODY_LIMIT_BYTES', 1_000_000),
      graphqlDepth: int('GRAPHQL_MAX_DEPTH', 10),
      graphqlAliases: int('GRAPHQL_MAX_ALIASES', 15),
      graphqlTokens: int('GRAPHQL_MAX_TOKENS', 1000),
      graphqlCost: int('GRAPHQL_MAX_COST', 5000),
      /**
       * The cost budget (kernel/budget.ts): a bucket of this many points per member (all their API tokens share one) or
       * client IP...
       */
      costCapacity: int('GRAPHQL_COST_CAPACITY', 10_000),
      /** ...that refills by this many points a second. */
      costRefillPerSecond: int('GRAPHQL_COST_REFILL_PER_SECOND', 50),
      /** Longest GraphQL query text in bytes (variables apart): the web app's largest operation is under 4 KB. */
      graphqlQueryBytes: int('GRAPHQL_MAX_QUERY_BYTES', 50_000),
      pageSize: int('MAX_PAGE_SIZE', 100),
      /** Sign-in attempts per window: per IP, per account from one IP, and per account from every IP. */
      signInPerIp: int('RATE_SIGNIN_PER_IP', 20),
      signInPerAccount: int('RATE_SIGNIN_PER_ACCOUNT', 10),
      signInPerAccountGlobal: int('RATE_SIGNIN_PER_ACCOUNT_GLOBAL', 50),
      signUpPerIp: int('RATE_SIGNUP_PER_IP', 10),
      resetPerIp: int('RATE_RESET_PER_IP', 10),
      rateWindowSeconds: int('RATE_WINDOW_SECONDS', 900),
      /** Writes per member per minute: every mutation counts, bar the few `api/src/write-limits.ts` names. */
      writesPerMinute: int('RATE_WRITES_PER_MINUTE', 60),
      /** Messages (direct and group) per member per minute, on top of the writes. */
      messagesPerMinute: int('RATE_MESSAGES_PER_MINUTE', 20),
      /** Conversations a member opens (or reopens) per hour. */
      conversationsPerHour: int('RATE_CONVERSATIONS_PER_HOUR', 20),
      /** Messages a member writes to the admin team per hour. */
      supportMessagesPerHour: int('RATE_SUPPORT_MESSAGES_PER_HOUR', 20),
      /** Files uploaded per member per hour. */
      uploadsPerHour: int('RATE_UPLOADS_PER_HOUR', 100),
      /** A member may download their data archive once per this many seconds. */
      dataExportEverySeconds: int('DATA_EXPORT_EVERY_SECONDS', 300),
      /** Largest GraphQL request body: files travel inside it as data URLs (a 50 MB video is ~67 MB). */
      graphqlBodyBytes: int('GRAPHQL_BODY_LIMIT_BYTES', 75_000_000),
      /** Largest body of /api routes that carry files. */
      uploadBodyBytes: int('UPLOAD_BODY_LIMIT_BYTES', 75_000_000),
      /** Largest websocket message before `connection_init` is accepted (afterwards: bodyBytes). */
      wsInitPayloadBytes: int('WS_INIT_PAYLOAD_BYTES', 8_192),
      /** Operations one websocket may run at once (subscriptions, and queries while they run). */
      wsMaxSubscriptions: int('WS_MAX_SUBSCRIPTIONS', 20),
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;
