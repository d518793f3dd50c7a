import { AsyncLocalStorage } from 'node:async_hooks';
import { EntityManager } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';

/**
 * The embedded PGlite runs one transaction at a time: while one connection holds a transaction open, every other
 * connection waits for it. Code that, inside a transaction, queries through a second connection and awaits the
 * answer therefore waits for itself until the pool gives up. On PostgreSQL the same code works, so only a check
 * finds it on both databases: this one makes such a query fail at once, naming it, and records it, so a test
 * suite on either database fails on the first one.
 */
interface OpenTransaction {
  /** The connection that began the transaction, once it has. */
  runner?: PostgresQueryRunner;
}

const openTransactions = new AsyncLocalStorage<OpenTransaction>();
const allowedHere = new AsyncLocalStorage<true>();
const seen: string[] = [];
let installed = false;

export class SecondConnectionInTransaction extends Error {
  constructor(query: string) {
    super(
      `A query on a second connection while a transaction is open: ${query.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
  }
}

/** Installs the check in this process (idempotent). Every transaction started after this is watched. */
export function guardTransactions(): void {
  if (installed) return;
  installed = true;

  const transaction = EntityManager.prototype.transaction;
  EntityManager.prototype.transaction = function (this: EntityManager, ...args: unknown[]) {
    const run = () => (transaction as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    // A transactional manager's own transaction() reuses its connection: the same transaction.
    return this.queryRunner ? run() : openTransactions.run({}, run);
  };

  const startTransaction = PostgresQueryRunner.prototype.startTransaction;
  PostgresQueryRunner.prototype.startTransaction = function (this: PostgresQueryRunner, ...args) {
    const open = openTransactions.getStore();
    if (open && !open.runner) open.runner = this;
    return startTransaction.apply(this, args);
  };

  const query = PostgresQueryRunner.prototype.query;
  PostgresQueryRunner.prototype.query = function (this: PostgresQueryRunner, ...args: unknown[]) {
    const open = openTransactions.getStore();
    if (open?.runner && open.runner !== this && open.runner.isTransactionActive && !allowedHere.getStore()) {
      const error = new SecondConnectionInTransaction(String(args[0]));
      seen.push(error.message);
      return Promise.reject(error);
    }
    return (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
  } as typeof query;
}

/** Runs `work` (a test's own look from outside a transaction, on PostgreSQL) without the check. */
export function allowingSecondConnections<T>(work: () => T): T {
  return allowedHere.run(true, work);
}

/** The queries the check refused since the last call, which clears them. */
export function takeSecondConnectionQueries(): string[] {
  return seen.splice(0);
}
