export { sqliteCodeName } from './codes.js';
export {
  type OpenSqliteOptions,
  openSqlite,
  type SqliteDatabase,
  type SqliteParams,
  type SqliteStatement,
  type SqliteValue,
} from './database.js';
export { availableEngines, defaultEngine, noEngineMessage, type SqliteEngineName } from './engines.js';
