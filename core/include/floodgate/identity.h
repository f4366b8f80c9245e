#pragma once
// Who is who: each install has a self-signed key pair; servers keep the
// fingerprints of paired clients, clients pin servers' fingerprints (like ssh's
// known_hosts). Everything lives in the state directory.

#include <floodgate/error.h>

#include <cstdint>
#include <string>

namespace fg {

// $FLOODGATE_HOME, else $XDG_CONFIG_HOME/floodgate, else ~/.config/floodgate.
std::string defaultStateDir();

// A fresh one-time pairing code: 10 characters from an unambiguous alphabet
// (about 50 bits), grouped as XXXXX-XXXXX.
std::string generatePairCode();

// Connects, proves the code, and on success records the server's fingerprint
// in the state dir. Returns that fingerprint ("SHA256:...").
Result<std::string> pairWithServer(const std::string& host, uint16_t port,
                                   const std::string& code, const std::string& stateDir);

// This install's fingerprint, creating the key pair on first use.
Result<std::string> localFingerprint(const std::string& stateDir);

} // namespace fg
