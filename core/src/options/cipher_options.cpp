// --cipher and --ssh-cipher: reading them and checking them.

#include <floodgate/options.h>

namespace fg {
namespace {

// OpenSSH's cipher names are at most ~30 characters; a list of every one
// stays well under this.
constexpr size_t kMaxSshCipherText = 256;

bool sshCipherChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
        || c == '.' || c == '@' || c == ',';
}

} // namespace

Result<CipherChoice> parseCipherChoice(const std::string& text)
{
    if (text == "auto") return CipherChoice::Auto;
    if (text == "aes128-gcm") return CipherChoice::Aes128Gcm;
    if (text == "aes256-gcm") return CipherChoice::Aes256Gcm;
    if (text == "chacha20-poly1305") return CipherChoice::Chacha20Poly1305;
    if (text == "none") return CipherChoice::None;
    return Error(Errc::InvalidArgument,
                 "--cipher: '" + text + "' is not one of auto (the default: AES-GCM when both ends have AES "
                     "instructions, else ChaCha20), aes128-gcm, aes256-gcm, chacha20-poly1305, none (file data "
                     "unencrypted; the server's module must allow it)");
}

const char* cipherChoiceName(CipherChoice choice)
{
    switch (choice) {
    case CipherChoice::Auto: return "auto";
    case CipherChoice::Aes128Gcm: return "aes128-gcm";
    case CipherChoice::Aes256Gcm: return "aes256-gcm";
    case CipherChoice::Chacha20Poly1305: return "chacha20-poly1305";
    case CipherChoice::None: return "none";
    }
    return "auto";
}

Status checkSshCipher(const std::string& name)
{
    if (name.empty()) return {};
    const auto bad = [&](const std::string& why) {
        return Error(Errc::InvalidArgument, "--ssh-cipher: '" + name + "' " + why
                                                + "; give a name from `ssh -Q cipher`, such as aes128-gcm@openssh.com");
    };
    if (name.size() > kMaxSshCipherText) return bad("is too long");
    // It becomes an argument of ssh: a leading '-' would be read as an option.
    if (name.front() == '-' || name.front() == ',') return bad("does not start with a cipher name");
    for (char c : name)
        if (!sshCipherChar(c)) return bad("holds characters no cipher name has");
    return {};
}

} // namespace fg
