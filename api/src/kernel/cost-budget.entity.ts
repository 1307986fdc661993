import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One principal's GraphQL cost budget (a token bucket): its tokens when last refilled, and whether the last debit was
 * granted.
 */
@Entity('cost_budgets')
export class CostBudget {
  @PrimaryColumn('varchar', { length: 200 })
  key: string;

  @Column('double precision')
  tokens: number;

  @Column('timestamptz')
  refilledAt: Date;

  @Column('boolean', { default: true })
  granted: boolean;
}
