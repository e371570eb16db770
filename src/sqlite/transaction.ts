/** Transactions by hand, the same SQL on every engine; a nested one is a savepoint. */
export function transactionOn(db: { exec(sql: string): void }) {
  let depth = 0;
  return <T>(work: () => T, mode: 'deferred' | 'immediate' = 'deferred'): T => {
    const savepoint = `retrospect_${depth}`;
    db.exec(depth > 0 ? `SAVEPOINT ${savepoint}` : mode === 'immediate' ? 'BEGIN IMMEDIATE' : 'BEGIN');
    depth++;
    let result: T;
    try {
      result = work();
    } catch (error) {
      depth--;
      try {
        db.exec(depth > 0 ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : 'ROLLBACK');
      } catch {
        // SQLite may have rolled back already (a full disk, an interrupted statement): the error that
        // ended the work is the one to report.
      }
      throw error;
    }
    depth--;
    db.exec(depth > 0 ? `RELEASE ${savepoint}` : 'COMMIT');
    return result;
  };
}
