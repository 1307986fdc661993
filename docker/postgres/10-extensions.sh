#!/bin/sh
# Runs once, when the PostgreSQL volume is first created (docker-entrypoint-initdb.d), as the superuser.
# Creates the application's role without superuser rights, its database, and the extensions the migrations need:
# earthdistance is not a "trusted" extension, so only a superuser can create it; the others (citext, cube,
# pg_trgm, uuid-ossp) the database owner could create itself, but they are made here too, in one place.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres <<SQL
CREATE ROLE saffa LOGIN PASSWORD '${SAFFA_DB_PASSWORD}';
CREATE DATABASE saffa OWNER saffa;
SQL
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname saffa <<SQL
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
SQL
