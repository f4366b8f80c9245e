#include <floodgate/identity.h>

#include "net/identity.h"
#include "net/trust_store.h"
#include "platform/fs.h"

#include <openssl/rand.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace fg {
namespace {

// No I/1/L, O/0: a code read aloud or copied from a screen survives. 31
// symbols, 10 of them: log2(31^10) ~ 49.5 bits, plenty for a code that is
// valid once, for minutes, against a server that limits attempts.
constexpr std::string_view kPairAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
constexpr size_t kPairCodeSymbols = 10;

} // namespace

std::string defaultStateDir()
{
    std::string home = platform::getEnv("FLOODGATE_HOME");
    if (!home.empty()) return home;
    // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
    std::string xdg = platform::getEnv("XDG_CONFIG_HOME");
    if (!xdg.empty() && xdg.front() == '/') return xdg + "/floodgate";
    return platform::homeDirectory() + "/.config/floodgate";
}

std::string generatePairCode()
{
    // Rejection sampling keeps every symbol equally likely: bytes at or above
    // the largest multiple of 31 (248) would favour the first 8 symbols.
    constexpr unsigned kLimit = 256 - 256 % kPairAlphabet.size();
    std::string code;
    code.reserve(kPairCodeSymbols + 1);
    unsigned char pool[32];
    while (code.size() < kPairCodeSymbols + 1) {
        if (RAND_bytes(pool, sizeof pool) != 1) {
            // A guessable pairing code would let a stranger authorise itself;
            // there is no safe fallback, and a CSPRNG that fails is broken.
            std::fputs("floodgate: the system random number generator failed; cannot make a pairing code\n", stderr);
            std::abort();
        }
        for (unsigned char b : pool) {
            if (b >= kLimit) continue;
            if (code.size() == kPairCodeSymbols / 2) code.push_back('-');
            code.push_back(kPairAlphabet[b % kPairAlphabet.size()]);
            if (code.size() == kPairCodeSymbols + 1) break;
        }
    }
    return code;
}

Result<std::string> localFingerprint(const std::string& stateDir)
{
    FG_TRY_ASSIGN(auto identity, net::TlsIdentity::loadOrCreate(stateDir.empty() ? defaultStateDir() : stateDir));
    return identity->fingerprint();
}

Result<std::vector<PairedClient>> listPairedClients(const std::string& stateDir)
{
    net::AuthorizedClients store(stateDir.empty() ? defaultStateDir() : stateDir);
    FG_TRY_ASSIGN(auto entries, store.entries());
    std::vector<PairedClient> out;
    for (auto& e : entries) out.push_back({std::move(e.fingerprint), std::move(e.name), std::move(e.comment)});
    return out;
}

Result<PairedClient> revokePairedClient(const std::string& stateDir, const std::string& fingerprint)
{
    net::AuthorizedClients store(stateDir.empty() ? defaultStateDir() : stateDir);
    FG_TRY_ASSIGN(auto entry, store.revoke(fingerprint));
    return PairedClient{std::move(entry.fingerprint), std::move(entry.name), std::move(entry.comment)};
}

Result<PairedClient> renamePairedClient(const std::string& stateDir, const std::string& fingerprint,
                                        const std::string& name)
{
    net::AuthorizedClients store(stateDir.empty() ? defaultStateDir() : stateDir);
    FG_TRY_ASSIGN(auto entry, store.rename(fingerprint, name));
    return PairedClient{std::move(entry.fingerprint), std::move(entry.name), std::move(entry.comment)};
}

} // namespace fg
