import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One fixed window of a rate limit: how many hits a key had since the window started. */
@Entity('rate_limits')
export class RateLimitWindow {
  @PrimaryColumn('varchar', { length: 200 })
  key: string;

  @Column('timestamptz')
  windowStart: Date;

  @Column('int')
  hits: number;
}
