#include "net/trust_store.h"

#include "net/identity.h"
#include "platform/fs.h"

#include <algorithm>
#include <string_view>

namespace fg::net {
namespace {

// Thousands of peers fit in far less; a bigger file is a mistake, not a store.
constexpr size_t kMaxStoreBytes = 4 * 1024 * 1024;

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isBlank(s.front())) s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back())) s.remove_suffix(1);
    return s;
}

// Splits off the first whitespace-separated word.
std::string_view firstWord(std::string_view& rest)
{
    rest = trim(rest);
    size_t end = 0;
    while (end < rest.size() && !isBlank(rest[end])) ++end;
    std::string_view word = rest.substr(0, end);
    rest = trim(rest.substr(end));
    return word;
}

// Calls onLine(content) for each line that is not blank or a comment.
template <class F>
void forEachEntry(std::string_view text, F&& onLine)
{
    while (!text.empty()) {
        size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        line = trim(line);
        if (line.empty() || line.front() == '#') continue;
        onLine(line);
    }
}

std::string lowerAscii(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; });
    return s;
}

// "host:port" or "[v6]:port" with a numeric port and nothing that would break
// the one-entry-per-line format.
bool isHostPort(std::string_view s)
{
    if (s.empty() || s.size() > 300) return false;
    for (char c : s)
        if (isBlank(c) || c == '\n' || c == '#' || c == '\0') return false;
    size_t colon = s.rfind(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == s.size() || s.size() - colon - 1 > 5) return false;
    return std::all_of(s.begin() + std::ptrdiff_t(colon) + 1, s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

Result<std::string> readStore(const std::string& path)
{
    auto text = platform::readFile(path, kMaxStoreBytes);
    if (!text.ok() && text.error().code == Errc::NotFound) return std::string();
    return text;
}

// Appends one entry; a file edited by hand may lack its final newline, and
// the new entry must not be glued onto the last line.
Status appendEntry(const std::string& path, const std::string& line)
{
    FG_TRY_ASSIGN(std::string text, readStore(path));
    if (!text.empty() && text.back() != '\n') return platform::appendLine(path, "\n" + line, 0600);
    return platform::appendLine(path, line, 0600);
}

} // namespace

// ---- KnownServers ------------------------------------------------------------

Result<KnownServers> KnownServers::load(const std::string& stateDir)
{
    KnownServers store;
    store.m_stateDir = stateDir;
    store.m_path = stateDir + "/" + kFileName;
    FG_TRY_ASSIGN(std::string text, readStore(store.m_path));
    forEachEntry(text, [&](std::string_view line) {
        std::string hostPort(firstWord(line));
        std::string fp(firstWord(line));
        if (isHostPort(hostPort) && isFingerprint(fp)) store.m_pins.emplace_back(lowerAscii(hostPort), fp);
    });
    return store;
}

KnownServers::Verdict KnownServers::check(const std::string& hostPort, const std::string& fp,
                                          std::string* expected) const
{
    const std::string key = lowerAscii(hostPort);
    const std::string* pinned = nullptr;
    for (const auto& [host, pin] : m_pins) {
        if (host != key) continue;
        if (pin == fp) return Verdict::Match;
        if (!pinned) pinned = &pin;
    }
    if (!pinned) return Verdict::Unknown;
    if (expected) *expected = *pinned;
    return Verdict::Mismatch;
}

Status KnownServers::remember(const std::string& hostPort, const std::string& fp)
{
    if (!isHostPort(hostPort))
        return Error(Errc::InvalidArgument, "not a host:port to pin: '" + hostPort + "'");
    if (!isFingerprint(fp)) return Error(Errc::InvalidArgument, "not a fingerprint: '" + fp + "'");
    const std::string key = lowerAscii(hostPort);
    FG_TRY(platform::makeDirectories(m_stateDir, 0700));

    bool known = std::any_of(m_pins.begin(), m_pins.end(), [&](const auto& p) { return p.first == key; });
    if (!known) {
        // Appending keeps pins another process added since we loaded.
        FG_TRY(appendEntry(m_path, key + " " + fp));
        m_pins.emplace_back(key, fp);
        return {};
    }

    // Replacing a pin: rewrite the file, keeping comments and other hosts'
    // lines as they were, so a person's notes survive.
    FG_TRY_ASSIGN(std::string text, readStore(m_path));
    std::string out;
    std::string_view rest = text;
    bool written = false;
    while (!rest.empty()) {
        size_t nl = rest.find('\n');
        std::string_view line = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        std::string_view probe = trim(line);
        bool isEntry = !probe.empty() && probe.front() != '#';
        if (isEntry && lowerAscii(std::string(firstWord(probe))) == key) {
            if (!written) out += key + " " + fp + "\n";
            written = true;
            continue;
        }
        out.append(line);
        out.push_back('\n');
    }
    if (!written) out += key + " " + fp + "\n";
    FG_TRY(platform::writeFileAtomic(m_path, out, 0600));

    m_pins.erase(std::remove_if(m_pins.begin(), m_pins.end(), [&](const auto& p) { return p.first == key; }),
                 m_pins.end());
    m_pins.emplace_back(key, fp);
    return {};
}

// ---- AuthorizedClients -------------------------------------------------------

bool isClientName(std::string_view name)
{
    if (name.empty() || name.size() > 64 || name.rfind("SHA256:", 0) == 0) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.';
    });
}

std::string clientNameFrom(std::string_view wanted)
{
    std::string name;
    for (char c : wanted.substr(0, 64)) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
        if (ok) name.push_back(c);
        else if (!name.empty() && name.back() != '-') name.push_back('-');
    }
    while (!name.empty() && (name.back() == '-' || name.back() == '.')) name.pop_back();
    if (name.empty() || !isClientName(name)) name = "client";
    return name;
}

namespace {

// One client's line: its fingerprint, then "name=NAME" if it has one, then
// whatever a person or the pairing wrote.
AuthorizedClients::Entry parseClientLine(std::string_view line)
{
    AuthorizedClients::Entry e;
    e.fingerprint = std::string(firstWord(line));
    std::string_view rest = line;
    std::string_view word = firstWord(rest);
    if (word.rfind("name=", 0) == 0 && isClientName(word.substr(5))) {
        e.name = std::string(word.substr(5));
        line = rest;
    }
    e.comment = std::string(line);
    return e;
}

std::string clientLine(const AuthorizedClients::Entry& e)
{
    std::string line = e.fingerprint;
    if (!e.name.empty()) line += " name=" + e.name;
    if (!e.comment.empty()) line += " " + e.comment;
    return line;
}

bool sameName(std::string_view a, std::string_view b) { return lowerAscii(std::string(a)) == lowerAscii(std::string(b)); }

} // namespace

AuthorizedClients::AuthorizedClients(std::string stateDir)
    : m_stateDir(std::move(stateDir)), m_path(m_stateDir + "/" + kFileName)
{
}

Status AuthorizedClients::refreshLocked() const
{
    FileStamp stamp;
    auto info = platform::statPath(m_path, true);
    if (info.ok()) {
        // As sshd does with authorized_keys: a list anyone can append to
        // authorises anyone.
        if ((info->mode & 022) != 0)
            return Error(Errc::PermissionDenied, m_path + " is writable by other users; no client is accepted "
                                                     "until you run `chmod 600 " + m_path + "`");
        stamp = FileStamp{true, info->mtimeNs, info->size, info->inode};
    } else if (info.error().code != Errc::NotFound) {
        return std::move(info).error();
    }
    if (m_loaded && stamp == m_stamp) return {};

    std::map<std::string, std::string> names;
    if (stamp.exists) {
        FG_TRY_ASSIGN(std::string text, readStore(m_path));
        forEachEntry(text, [&](std::string_view line) {
            Entry e = parseClientLine(line);
            if (isFingerprint(e.fingerprint)) names.emplace(std::move(e.fingerprint), std::move(e.name));
        });
    }
    m_names = std::move(names);
    m_stamp = stamp;
    m_loaded = true;
    return {};
}

Result<bool> AuthorizedClients::lookup(const std::string& fp) const
{
    std::lock_guard lock(m_mutex);
    Status fresh = refreshLocked();
    if (!fresh.ok()) {
        // Forget the cached list too: a file we cannot vouch for trusts nobody.
        m_loaded = false;
        m_names.clear();
        return std::move(fresh).error();
    }
    return isFingerprint(fp) && m_names.count(fp) != 0;
}

bool AuthorizedClients::isAuthorized(const std::string& fp) const
{
    auto found = lookup(fp);
    return found.ok() && *found;
}

std::string AuthorizedClients::nameOf(const std::string& fp) const
{
    std::lock_guard lock(m_mutex);
    if (!refreshLocked().ok()) return {};
    auto it = m_names.find(fp);
    return it == m_names.end() ? std::string() : it->second;
}

Result<std::vector<AuthorizedClients::Entry>> AuthorizedClients::entries() const
{
    std::lock_guard lock(m_mutex);
    FG_TRY(refreshLocked());
    FG_TRY_ASSIGN(std::string text, readStore(m_path));
    std::vector<Entry> out;
    forEachEntry(text, [&](std::string_view line) {
        Entry e = parseClientLine(line);
        if (isFingerprint(e.fingerprint)) out.push_back(std::move(e));
    });
    return out;
}

namespace {

// The lines of `text` with the one client's line replaced by `replacement`
// (or left out when it is empty), every other line (comments too) as it was:
// a person's notes survive.
std::string rewriteClientLine(std::string_view text, const std::string& fingerprint, const std::string& replacement)
{
    std::string out;
    while (!text.empty()) {
        size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        std::string_view probe = trim(line);
        if (!probe.empty() && probe.front() != '#' && firstWord(probe) == fingerprint) {
            if (!replacement.empty()) out += replacement + "\n";
            continue;
        }
        out.append(line);
        out.push_back('\n');
    }
    return out;
}

} // namespace

Result<AuthorizedClients::Entry> AuthorizedClients::findOneLocked(const std::string& text, const std::string& fingerprint) const
{
    std::string wanted(trim(fingerprint));
    if (wanted.empty()) return Error(Errc::InvalidArgument, "give the client's fingerprint or name");
    std::vector<Entry> matches;
    const std::string asFingerprint = wanted.rfind("SHA256:", 0) == 0 ? wanted : "SHA256:" + wanted;
    forEachEntry(text, [&](std::string_view line) {
        Entry e = parseClientLine(line);
        if (!isFingerprint(e.fingerprint)) return;
        if (e.fingerprint.rfind(asFingerprint, 0) == 0 || (!e.name.empty() && sameName(e.name, wanted)))
            matches.push_back(std::move(e));
    });
    if (matches.empty())
        return Error(Errc::NotFound, "no paired client is called " + wanted + " or has a fingerprint starting "
                                         + asFingerprint + " (`floodgate clients list` shows them)");
    for (const auto& m : matches)
        if (m.fingerprint != matches.front().fingerprint)
            return Error(Errc::InvalidArgument, wanted + " matches " + std::to_string(matches.size())
                                                    + " paired clients; give more of the fingerprint");
    return matches.front();
}

Result<AuthorizedClients::Entry> AuthorizedClients::revoke(const std::string& fingerprint)
{
    std::lock_guard lock(m_mutex);
    FG_TRY(refreshLocked());
    FG_TRY_ASSIGN(std::string text, readStore(m_path));
    FG_TRY_ASSIGN(Entry found, findOneLocked(text, fingerprint));
    FG_TRY(platform::writeFileAtomic(m_path, rewriteClientLine(text, found.fingerprint, std::string()), 0600));
    m_names.erase(found.fingerprint);
    return found;
}

Result<AuthorizedClients::Entry> AuthorizedClients::rename(const std::string& fingerprint, const std::string& name)
{
    if (!isClientName(name))
        return Error(Errc::InvalidArgument, "'" + name + "' cannot be a client's name: 1-64 letters, digits, '-', '_' "
                                                "or '.'");
    std::lock_guard lock(m_mutex);
    FG_TRY(refreshLocked());
    FG_TRY_ASSIGN(std::string text, readStore(m_path));
    FG_TRY_ASSIGN(Entry found, findOneLocked(text, fingerprint));
    for (const auto& [fp, other] : m_names)
        if (fp != found.fingerprint && sameName(other, name))
            return Error(Errc::InvalidArgument, "another paired client is already called " + other + " (" + fp + ")");
    found.name = name;
    FG_TRY(platform::writeFileAtomic(m_path, rewriteClientLine(text, found.fingerprint, clientLine(found)), 0600));
    m_names[found.fingerprint] = name;
    return found;
}

Result<std::string> AuthorizedClients::authorize(const std::string& fp, const std::string& wantedName,
                                                 const std::string& comment)
{
    if (!isFingerprint(fp)) return Error(Errc::InvalidArgument, "not a fingerprint: '" + fp + "'");
    std::lock_guard lock(m_mutex);
    FG_TRY(platform::makeDirectories(m_stateDir, 0700));
    FG_TRY(refreshLocked());
    if (auto it = m_names.find(fp); it != m_names.end()) return it->second;

    Entry e;
    e.fingerprint = fp;
    const std::string base = clientNameFrom(wantedName);
    e.name = base;
    for (int n = 2;; ++n) {
        const bool taken = std::any_of(m_names.begin(), m_names.end(),
                                       [&](const auto& kv) { return sameName(kv.second, e.name); });
        if (!taken) break;
        const std::string suffix = "-" + std::to_string(n);
        e.name = base.substr(0, 64 - suffix.size()) + suffix;
    }
    std::string flat = comment;
    for (char& c : flat)
        if (c == '\n' || c == '\r' || c == '\0') c = ' ';
    e.comment = std::string(trim(flat));
    FG_TRY(appendEntry(m_path, clientLine(e)));
    // The next check re-reads the file anyway (its stamp changed); adding here
    // keeps this process right even if the stamp happened not to move.
    m_names[fp] = e.name;
    return e.name;
}

} // namespace fg::net
