import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
@ObjectType({
  description: 'A signed-in browser of the signed-in member (Settings, Sessions and tokens); its token is never shown',
})
@Entity('sessions')
export class Session {
  @Field(() => ID, { description: "The session's id (endSession takes it); never its token" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index({ unique: true })
  @Column('varchar', { length: 64 })
  tokenHash: string;

  @Index()
  @Column('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member: User;

  @Column('varchar', { length: 300, nullable: true })
  userAgent: string | null;

  @Field({ description: 'When it signed in' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: 'When it ends by itself' })
  @Index()
  @Column('timestamptz')
  expiresAt: Date;

  /** When the session last made a request, written at most once every few minutes (sessionFromToken). */
  @Field({ description: 'When it was last used, to within a few minutes' })
  @Column('timestamptz', { default: () => 'now()' })
  lastSeenAt: Date;
}
