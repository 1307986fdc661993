import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './naming';

/** A TypeORM data source over `url`; migrations are explicit, `synchronize` is never on. */
export function createDataSource(url: string, opts: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    poolSize: opts.poolSize ?? 10,
    logging: false,
  });
}
