import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GraphQL cost budgets (kernel/budget.ts): one token bucket per API token or client IP, shared by every API process.
 */
export class CostBudgets1795790100000 implements MigrationInterface {
  name = 'CostBudgets1795790100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "cost_budgets" ("key" character varying(200) NOT NULL, "tokens" double precision NOT NULL, ` +
        `"refilled_at" TIMESTAMP WITH TIME ZONE NOT NULL, "granted" boolean NOT NULL DEFAULT true, CONSTRAINT ` +
        `"PK_cost_budgets" PRIMARY KEY ("key"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "cost_budgets"`);
  }
}
