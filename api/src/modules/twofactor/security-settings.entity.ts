import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Site-wide security settings admins change (one row, id 1); each change is in the admin audit log. */
@Entity('security_settings')
export class SecuritySettings {
  @PrimaryColumn('integer')
  id: number;

  @Column('boolean', { default: false })
  requireTwoFactorForAdmins: boolean;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
