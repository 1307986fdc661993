import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * Where a member with radar on was last seen, as the centre of its 1 km cell (kernel/geo `coarsePosition`). The row
 * exists only while their radar is on. `place` is the earth point kept by a trigger; its GiST index (INCLUDE member_id,
 * located_at: index-only pages) is created by the migration FeatureChoicesAndRadar, since TypeORM cannot describe
 * INCLUDE.
 */
@Entity('radar_positions')
@Index('IDX_radar_positions_place', { synchronize: false })
export class RadarPosition {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_radar_positions' })
  memberId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id', foreignKeyConstraintName: 'FK_radar_positions_member' })
  member?: User;

  @Column('double precision')
  latitude: number;

  @Column('double precision')
  longitude: number;

  /** `ll_to_earth(latitude, longitude)`, kept by the trigger TRG_radar_positions_place: never written by the app. */
  @Column({ type: 'cube', nullable: true, insert: false, update: false })
  place?: string | null;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  locatedAt: Date;
}
