#pragma once
// floodgate.conf: the daemon's settings in a file, as rsyncd.conf is rsyncd's.
//
//   [daemon]
//   listen = 0.0.0.0:7878
//   state-dir = /var/lib/floodgate
//
//   [module photos]
//   path = /volume1/photos
//   read-only = false
//   write = laptop              # paired clients by name or fingerprint
//
// Every setting of `floodgate serve` has a key, the flag's name: the daemon's
// own under [daemon], a module's (read-only, allow-plaintext, keep-owners)
// under its [module NAME]. A flag given on the command line wins over the
// file. Anything the file says that cannot be meant (an unknown key or
// section, a key given twice, a value out of range) is an error naming the
// line, the key and what is wrong: the daemon refuses to start rather than
// guess.

#include <floodgate/error.h>
#include <floodgate/server.h>

#include <string>
#include <string_view>

namespace fg {

// Where a packaged daemon reads its settings (`serve --config` without a path).
inline constexpr const char* kDefaultServeConfigPath = "/etc/floodgate/floodgate.conf";

// One of the daemon's settings by its key (a flag's name without "--"):
// listen, state-dir, pair-code, max-sessions, auth-timeout, max-pending,
// max-pending-per-host, client-bwlimit. InvalidArgument says what is wrong with the value
// (without naming the key: the caller says where it came from); NotFound
// when `key` is not one of them.
Status setDaemonSetting(ServerConfig& config, const std::string& key, const std::string& value);

// One of a module's settings by its key: path, read-only, allow-plaintext,
// keep-owners, read, write, min-free, bwlimit, comment. Errors as setDaemonSetting's.
Status setModuleSetting(ModuleConfig& module, const std::string& key, const std::string& value);

// Reads floodgate.conf's text over `config` (what it holds are the defaults
// the file changes). `source` names the text in errors. Modules the file
// defines are added to config.modules.
Status applyServeConfig(std::string_view text, const std::string& source, ServerConfig& config);

// The same from a file; refused when other users may write it (a module they
// add is a way into the daemon user's rights).
Status applyServeConfigFile(const std::string& path, ServerConfig& config);

} // namespace fg
