import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Facts about the installation itself, such as which demo data parts are loaded. */
@Entity('app_meta')
export class AppMeta {
  @PrimaryColumn('varchar', { length: 100 })
  key: string;

  @Column('text')
  value: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
