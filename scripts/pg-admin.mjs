#!/usr/bin/env node
// Usage: pg-admin.mjs <admin-url> create|drop <database>  (CI's fresh database per run)
import pg from 'pg';

const [url, action, name] = process.argv.slice(2);
if (!url || !['create', 'drop'].includes(action ?? '') || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: pg-admin.mjs <admin-url> create|drop <database>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(
  action === 'create' ? `CREATE DATABASE ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
);
await client.end();
