#pragma once
// Who is who: each install has a self-signed key pair; servers keep the
// fingerprints of paired clients, clients pin servers' fingerprints (like ssh's
// known_hosts). Everything lives in the state directory.

#include <floodgate/error.h>

#include <cstdint>
#include <string>
#include <vector>

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

// A client a server accepts: its fingerprint, its name (what floodgate.conf's
// access lists and the logs call it; empty for a client paired before names),
// and the note kept beside it (who paired, from where, when).
struct PairedClient {
    std::string fingerprint;
    std::string name;
    std::string note;
};
// The clients paired with the server whose state this is.
Result<std::vector<PairedClient>> listPairedClients(const std::string& stateDir);
// Revokes one: `fingerprint` whole or its start ("SHA256:" may be left
// off), matching exactly one client. A running daemon refuses it from its
// next connection on; a job that runs now goes on.
// `fingerprint` may also be the client's name.
Result<PairedClient> revokePairedClient(const std::string& stateDir, const std::string& fingerprint);
// Gives one client (matched as revokePairedClient's) a new name: 1-64
// letters, digits, '-', '_' or '.', unique among the paired clients.
Result<PairedClient> renamePairedClient(const std::string& stateDir, const std::string& fingerprint,
                                        const std::string& name);

} // namespace fg
