#pragma once
#include "internal.h"
// Who we trust, by certificate fingerprint ("SHA256:..."), in two small text
// files in the state directory:
//   known_servers       "host:port SHA256:..."     servers a client has pinned
//   authorized_clients  "SHA256:... name=NAME comment"  clients a server accepts
//                       (the name, for floodgate.conf's access lists and the
//                       logs, is optional: lines from before it have none)
// '#' comments and blank lines are allowed; a malformed line is skipped (and
// so trusts nothing), never fatal.

#include <floodgate/error.h>

#include <cstdint>
#include <mutex>
#include <map>
#include <set>
#include <string_view>
#include <string>
#include <utility>
#include <vector>

namespace fg::net {

class KnownServers {
public:
    enum class Verdict { Unknown, Match, Mismatch };
    static constexpr const char* kFileName = "known_servers";

    // Reads stateDir/known_servers (a missing file is an empty store). An
    // unreadable file is an error: treating it as empty would let anyone
    // pass as a server at "first contact".
    static Result<KnownServers> load(const std::string& stateDir);

    // hostPort is "host:port" ("[v6addr]:port"); host names compare without
    // regard to case. On Mismatch, *expected (if given) receives the pinned
    // fingerprint.
    Verdict check(const std::string& hostPort, const std::string& fp, std::string* expected) const;
    // Pins fp for hostPort, replacing an earlier pin (after the user accepted
    // a changed server key). Appends when hostPort is new.
    Status remember(const std::string& hostPort, const std::string& fp);

    const std::string& path() const { return m_path; }

private:
    KnownServers() = default;
    std::string m_stateDir;
    std::string m_path;
    std::vector<std::pair<std::string, std::string>> m_pins; // (hostPort lower-case, fp)
};

// Shared by every session of a server: all methods are thread-safe. The file
// is re-read whenever it changes on disk (mtime, size or inode), so a client
// paired by `floodgate pair` in another process is accepted at its next
// connection and a line deleted by hand revokes a client.
class AuthorizedClients {
public:
    static constexpr const char* kFileName = "authorized_clients";

    explicit AuthorizedClients(std::string stateDir);
    AuthorizedClients(const AuthorizedClients&) = delete;
    AuthorizedClients& operator=(const AuthorizedClients&) = delete;

    // Fails closed: false when the file cannot be read or is writable by
    // other users.
    bool isAuthorized(const std::string& fp) const;
    // The same answer, with the reason when the file could not be used (for
    // the server's log: "everyone is refused" needs an explanation).
    Result<bool> lookup(const std::string& fp) const;
    // Adds fp (a no-op if present), named after `wantedName` made a valid
    // name (clientNameFrom) and unique ("laptop-2" when "laptop" is taken).
    // The comment (who, when) is kept on the line for people reading the
    // file; line breaks in it become spaces. Returns the name given.
    Result<std::string> authorize(const std::string& fp, const std::string& wantedName, const std::string& comment);
    // The name of a paired client; empty when it has none or is not paired.
    std::string nameOf(const std::string& fp) const;

    struct Entry {
        std::string fingerprint;
        std::string name;
        std::string comment;
    };
    // Every client the file accepts, in its order.
    Result<std::vector<Entry>> entries() const;
    // Takes out the one client whose name is `fingerprint`, or whose
    // fingerprint is it or starts with it ("SHA256:" may be left off); the file is rewritten with every
    // other line (comments included) as it was. NotFound when none matches,
    // InvalidArgument when more than one does. Returns the revoked entry.
    Result<Entry> revoke(const std::string& fingerprint);
    // Names the one client `fingerprint` matches (as revoke's) `name`, which
    // must be a valid name (isClientName) no other client has. Returns the
    // entry as it is now.
    Result<Entry> rename(const std::string& fingerprint, const std::string& name);

    const std::string& path() const { return m_path; }

private:
    struct FileStamp {
        bool exists = false;
        int64_t mtimeNs = 0;
        uint64_t size = 0;
        uint64_t inode = 0;
        bool operator==(const FileStamp&) const = default;
    };
    // Re-reads the file if its stamp changed; m_mutex must be held.
    Status refreshLocked() const;
    // The one entry of `text` whose name is `fingerprint` or whose
    // fingerprint starts with it (revoke's and rename's rule).
    Result<Entry> findOneLocked(const std::string& text, const std::string& fingerprint) const;

    std::string m_stateDir;
    std::string m_path;
    mutable std::mutex m_mutex;
    mutable bool m_loaded = false;
    mutable FileStamp m_stamp;
    mutable std::map<std::string, std::string> m_names; // fingerprint -> name ("" for none)
};

// A client's name: 1-64 letters, digits, '-', '_' or '.', not starting with
// "SHA256:" (so that it is never taken for a fingerprint).
bool isClientName(std::string_view name);
// A valid name made from what a client calls itself (its host name): other
// characters become '-'; "client" when nothing is left.
std::string clientNameFrom(std::string_view wanted);

} // namespace fg::net
