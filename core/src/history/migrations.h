#pragma once
#include "internal.h"
// The history's schema, one step a version: a new database takes every
// step from nothing, an older one the steps it lacks. A step and the
// version it sets are one transaction, so a killed migration leaves the
// older version whole.

#include <floodgate/error.h>

struct sqlite3;

namespace fg::history {

// PRAGMA user_version.
int schemaVersionOf(sqlite3* db);
// Brings the schema to version `upTo` (History::kSchemaVersion, or an
// older one to make a database as an older Floodgate left it, for tests).
// A database newer than `upTo` is refused.
Status migrate(sqlite3* db, int upTo);

} // namespace fg::history
