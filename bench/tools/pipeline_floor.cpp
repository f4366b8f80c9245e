// The least a push of a tree of small files costs through a real TCP path on
// this machine: a sender and a receiver that make only the system calls any
// tool must (read each file, send the bytes, receive them, create, write,
// stamp and close each file) and nothing a tool adds (no plan, no
// acknowledgements, no temporary names, no bookkeeping). With `seal` they also
// do the work Floodgate's guarantees cost: AES-128-GCM over the stream in 16
// KiB records (TLS 1.3's first suite) and an XXH3-128 of each file, made on
// the sender and checked on the receiver before the file is made.
//
// Where small_file_floor.cpp measures each part alone on one thread, this runs
// them at once the way a tool must, threads and wake-ups included: the sender
// one thread (as tar -c), the receiver one network thread that hands each
// folder whole to one of MAKERS threads (0: it makes the files itself, as tar
// -x does). Its wall time against tar over TCP, in the same lab, is what the
// best tool could reach there (bench/ab.sh floor runs it).
//
//   g++ -std=c++20 -O2 -o pipeline_floor pipeline_floor.cpp -lpthread -lcrypto -lxxhash
//   pipeline_floor receive ADDR:PORT EMPTY_DESTINATION MAKERS [seal]   (prints "listening" on stderr)
//   pipeline_floor send ADDR:PORT SOURCE_TREE [seal]
//
// Its figures are in docs/PERFORMANCE.md (issue 22, target 3).

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tree_of_folders.h"

namespace {

using tools::die;

constexpr size_t kRecord = 16 * 1024; // a TLS record's plaintext at most
constexpr size_t kTag = 16;
constexpr size_t kBatch = 1 << 20; // bytes a write or a read moves at most
const unsigned char kKey[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

enum Kind : uint8_t { End = 0, FolderStart = 1, File = 2 };

sockaddr_in parseAddr(const std::string& text)
{
    const size_t colon = text.rfind(':');
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    if (colon == std::string::npos || inet_pton(AF_INET, text.substr(0, colon).c_str(), &sa.sin_addr) != 1) {
        std::fprintf(stderr, "pipeline_floor: expected IPv4ADDR:PORT, got %s\n", text.c_str());
        std::exit(2);
    }
    sa.sin_port = htons(uint16_t(std::atoi(text.c_str() + colon + 1)));
    return sa;
}

void writeAll(int fd, const unsigned char* p, size_t n)
{
    while (n > 0) {
        const ssize_t done = write(fd, p, n);
        if (done < 0) die("write");
        p += done;
        n -= size_t(done);
    }
}

// One direction of AES-128-GCM, a record's nonce being its number.
class Gcm {
public:
    explicit Gcm(bool seal) : m_seal(seal), m_ctx(EVP_CIPHER_CTX_new())
    {
        if (!m_ctx || EVP_CipherInit_ex(m_ctx, EVP_aes_128_gcm(), nullptr, kKey, nullptr, seal ? 1 : 0) != 1)
            die("EVP_CipherInit_ex");
    }
    ~Gcm() { EVP_CIPHER_CTX_free(m_ctx); }
    // Seals `n` bytes to `out` (n + kTag bytes) or opens n + kTag bytes to n.
    void run(const unsigned char* in, size_t n, unsigned char* out)
    {
        unsigned char iv[12] = {};
        std::memcpy(iv, &m_count, sizeof m_count);
        ++m_count;
        int len = 0;
        if (EVP_CipherInit_ex(m_ctx, nullptr, nullptr, nullptr, iv, -1) != 1) die("EVP_CipherInit_ex");
        if (!m_seal && EVP_CIPHER_CTX_ctrl(m_ctx, EVP_CTRL_GCM_SET_TAG, kTag, const_cast<unsigned char*>(in + n)) != 1)
            die("tag");
        if (EVP_CipherUpdate(m_ctx, out, &len, in, int(n)) != 1) die("EVP_CipherUpdate");
        if (EVP_CipherFinal_ex(m_ctx, out + len, &len) != 1) {
            std::fprintf(stderr, "pipeline_floor: a record failed its tag\n");
            std::exit(1);
        }
        if (m_seal && EVP_CIPHER_CTX_ctrl(m_ctx, EVP_CTRL_GCM_GET_TAG, kTag, out + n) != 1) die("tag");
    }

private:
    bool m_seal;
    EVP_CIPHER_CTX* m_ctx;
    uint64_t m_count = 0;
};

template <typename T> void put(std::vector<unsigned char>& out, T value)
{
    const size_t at = out.size();
    out.resize(at + sizeof value);
    std::memcpy(out.data() + at, &value, sizeof value);
}

// ---- the sender: one thread, as tar -c ---------------------------------

class Sender {
public:
    Sender(int socket, bool seal) : m_socket(socket), m_seal(seal), m_gcm(true) {}

    void folder(const std::string& name, const struct stat& st)
    {
        put(m_plain, uint8_t(FolderStart));
        putName(name);
        put(m_plain, uint32_t(st.st_mode & 07777));
        put(m_plain, int64_t(st.st_mtim.tv_sec));
        put(m_plain, uint32_t(st.st_mtim.tv_nsec));
    }
    void file(const std::string& name, const struct stat& st, const unsigned char* data, size_t size)
    {
        put(m_plain, uint8_t(File));
        putName(name);
        put(m_plain, uint32_t(st.st_mode & 07777));
        put(m_plain, int64_t(st.st_mtim.tv_sec));
        put(m_plain, uint32_t(st.st_mtim.tv_nsec));
        put(m_plain, uint32_t(size));
        if (m_seal) put(m_plain, XXH3_128bits(data, size));
        m_plain.insert(m_plain.end(), data, data + size);
        if (m_plain.size() >= kBatch) flush();
    }
    void end()
    {
        put(m_plain, uint8_t(End));
        flush();
    }

private:
    void putName(const std::string& name)
    {
        put(m_plain, uint16_t(name.size()));
        m_plain.insert(m_plain.end(), name.begin(), name.end());
    }
    void flush()
    {
        if (!m_seal) {
            writeAll(m_socket, m_plain.data(), m_plain.size());
        } else {
            m_wire.resize(m_plain.size() + (m_plain.size() / kRecord + 1) * (4 + kTag));
            size_t at = 0;
            for (size_t from = 0; from < m_plain.size(); from += kRecord) {
                const uint32_t n = uint32_t(std::min(kRecord, m_plain.size() - from));
                std::memcpy(m_wire.data() + at, &n, 4);
                m_gcm.run(m_plain.data() + from, n, m_wire.data() + at + 4);
                at += 4 + n + kTag;
            }
            writeAll(m_socket, m_wire.data(), at);
        }
        m_plain.clear();
    }

    int m_socket;
    bool m_seal;
    Gcm m_gcm;
    std::vector<unsigned char> m_plain;
    std::vector<unsigned char> m_wire;
};

void send(const std::string& addr, const std::string& root, bool seal)
{
    const std::vector<tools::Folder> tree = tools::listTree(root);
    const int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const sockaddr_in sa = parseAddr(addr);
    if (connect(s, reinterpret_cast<const sockaddr*>(&sa), sizeof sa) != 0) die("connect");
    Sender out(s, seal);
    std::vector<unsigned char> data(1 << 20);
    for (const tools::Folder& f : tree) {
        const int dir = open((root + "/" + f.name).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        struct stat dst {};
        if (dir < 0 || fstat(dir, &dst) != 0) die(f.name);
        out.folder(f.name, dst);
        for (const std::string& name : f.files) {
            const int fd = openat(dir, name.c_str(), O_RDONLY | O_CLOEXEC);
            struct stat st {};
            if (fd < 0 || fstat(fd, &st) != 0) die(name);
            if (size_t(st.st_size) > data.size()) data.resize(size_t(st.st_size));
            size_t got = 0;
            while (got < size_t(st.st_size)) {
                const ssize_t n = read(fd, data.data() + got, size_t(st.st_size) - got);
                if (n <= 0) die("read " + name);
                got += size_t(n);
            }
            close(fd);
            out.file(name, st, data.data(), got);
        }
        close(dir);
    }
    out.end();
    shutdown(s, SHUT_WR);
    char byte;
    (void)read(s, &byte, 1); // the receiver closes once every file is made
    close(s);
}

// ---- the receiver: a network thread and MAKERS threads, a folder each ---

struct IncomingFile {
    std::string name;
    uint32_t mode = 0;
    timespec mtime{};
    XXH128_hash_t hash{};
    std::vector<unsigned char> data;
};
struct IncomingFolder {
    std::string name;
    uint32_t mode = 0755;
    timespec mtime{};
    std::vector<IncomingFile> files;
};

class FolderQueue {
public:
    void push(IncomingFolder f)
    {
        {
            std::lock_guard lock(m_mutex);
            m_folders.push_back(std::move(f));
        }
        m_ready.notify_one();
    }
    void close()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closed = true;
        }
        m_ready.notify_all();
    }
    std::optional<IncomingFolder> pop()
    {
        std::unique_lock lock(m_mutex);
        m_ready.wait(lock, [&] { return m_closed || !m_folders.empty(); });
        if (m_folders.empty()) return std::nullopt;
        IncomingFolder f = std::move(m_folders.front());
        m_folders.pop_front();
        return f;
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<IncomingFolder> m_folders;
    bool m_closed = false;
};

void make(int root, const IncomingFolder& folder, bool seal)
{
    if (mkdirat(root, folder.name.c_str(), folder.mode) != 0) die(folder.name);
    const int dir = openat(root, folder.name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) die(folder.name);
    for (const IncomingFile& f : folder.files) {
        if (seal) {
            const XXH128_hash_t h = XXH3_128bits(f.data.data(), f.data.size());
            if (!XXH128_isEqual(h, f.hash)) {
                std::fprintf(stderr, "pipeline_floor: %s/%s does not match its hash\n", folder.name.c_str(),
                             f.name.c_str());
                std::exit(1);
            }
        }
        const int fd = openat(dir, f.name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, f.mode);
        if (fd < 0) die(f.name);
        writeAll(fd, f.data.data(), f.data.size());
        const timespec times[2] = {{0, UTIME_OMIT}, f.mtime};
        if (futimens(fd, times) != 0) die("futimens");
        close(fd);
    }
    // The folder's time last, as tar -x sets it (its files' making moved it).
    const timespec times[2] = {{0, UTIME_OMIT}, folder.mtime};
    if (futimens(dir, times) != 0) die("futimens " + folder.name);
    close(dir);
}

[[noreturn]] void malformed(const char* what)
{
    std::fprintf(stderr, "pipeline_floor: %s in the stream (are both ends sealed, or neither?)\n", what);
    std::exit(1);
}

// Takes records off the front of the plaintext; what is left is a partial one.
class Parser {
public:
    explicit Parser(const std::function<void(IncomingFolder)>& done, bool seal) : m_done(done), m_seal(seal) {}
    // Parses what `plain` holds from `at`; returns where a partial record begins.
    size_t parse(const unsigned char* p, size_t n)
    {
        size_t at = 0;
        for (;;) {
            if (at >= n) return at;
            const uint8_t kind = p[at];
            if (kind != End && kind != FolderStart && kind != File) malformed("a record of an unknown kind");
            if (kind == End) {
                if (m_folder) m_done(std::move(*m_folder));
                m_folder.reset();
                m_ended = true;
                return at + 1;
            }
            if (n - at < 3) return at;
            uint16_t nameLen;
            std::memcpy(&nameLen, p + at + 1, 2);
            size_t need = 3 + nameLen + 4 + 8 + 4; // name, mode, time
            if (kind == File) need += 4 + (m_seal ? 16 : 0); // size, hash
            if (n - at < need) return at;
            std::string name(reinterpret_cast<const char*>(p + at + 3), nameLen);
            const unsigned char* q = p + at + 3 + nameLen;
            uint32_t mode;
            int64_t sec;
            uint32_t nsec;
            std::memcpy(&mode, q, 4);
            std::memcpy(&sec, q + 4, 8);
            std::memcpy(&nsec, q + 12, 4);
            const timespec mtime{time_t(sec), long(nsec)};
            if (kind == FolderStart) {
                if (m_folder) m_done(std::move(*m_folder));
                m_folder = IncomingFolder{std::move(name), mode, mtime, {}};
                at += need;
                continue;
            }
            if (!m_folder) malformed("a file before any folder");
            IncomingFile f;
            uint32_t size;
            std::memcpy(&size, q + 16, 4);
            if (m_seal) std::memcpy(&f.hash, q + 20, 16);
            if (n - at < need + size) return at;
            f.name = std::move(name);
            f.mode = mode;
            f.mtime = mtime;
            f.data.assign(p + at + need, p + at + need + size);
            m_folder->files.push_back(std::move(f));
            at += need + size;
        }
    }
    bool ended() const { return m_ended; }

private:
    const std::function<void(IncomingFolder)>& m_done;
    bool m_seal;
    std::optional<IncomingFolder> m_folder;
    bool m_ended = false;
};

void receive(const std::string& addr, const std::string& destination, int makers, bool seal)
{
    const int root = open(destination.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (root < 0) die(destination);
    const int l = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    const sockaddr_in sa = parseAddr(addr);
    if (bind(l, reinterpret_cast<const sockaddr*>(&sa), sizeof sa) != 0 || listen(l, 1) != 0) die("listen");
    std::fprintf(stderr, "pipeline_floor: listening\n");
    const int s = accept4(l, nullptr, nullptr, SOCK_CLOEXEC);
    if (s < 0) die("accept");

    FolderQueue queue;
    std::vector<std::thread> threads;
    for (int i = 0; i < makers; ++i)
        threads.emplace_back([&] {
            while (std::optional<IncomingFolder> f = queue.pop()) make(root, *f, seal);
        });
    const std::function<void(IncomingFolder)> done = [&](IncomingFolder f) {
        if (makers == 0) make(root, f, seal);
        else queue.push(std::move(f));
    };
    Parser parser(done, seal);
    Gcm gcm(false);
    std::vector<unsigned char> wire(kBatch + kRecord + 64);
    std::vector<unsigned char> plain(kBatch + kRecord + 64);
    size_t wireHas = 0, plainHas = 0;
    while (!parser.ended()) {
        if (wire.size() - wireHas < kBatch) wire.resize(wireHas + kBatch);
        const ssize_t n = read(s, wire.data() + wireHas, kBatch);
        if (n < 0) die("read");
        if (n == 0) break;
        wireHas += size_t(n);
        size_t used = 0;
        if (!seal) {
            if (plain.size() < plainHas + wireHas) plain.resize(plainHas + wireHas);
            std::memcpy(plain.data() + plainHas, wire.data(), wireHas);
            plainHas += wireHas;
            used = wireHas;
        } else {
            for (;;) {
                uint32_t len;
                if (wireHas - used < 4) break;
                std::memcpy(&len, wire.data() + used, 4);
                if (wireHas - used < 4 + len + kTag) break;
                if (plain.size() < plainHas + len) plain.resize(plainHas + len);
                gcm.run(wire.data() + used + 4, len, plain.data() + plainHas);
                plainHas += len;
                used += 4 + len + kTag;
            }
        }
        std::memmove(wire.data(), wire.data() + used, wireHas - used);
        wireHas -= used;
        const size_t parsed = parser.parse(plain.data(), plainHas);
        std::memmove(plain.data(), plain.data() + parsed, plainHas - parsed);
        plainHas -= parsed;
    }
    if (!parser.ended()) {
        std::fprintf(stderr, "pipeline_floor: the stream ended early (are both ends sealed, or neither?)\n");
        std::exit(1);
    }
    queue.close();
    for (std::thread& t : threads) t.join();
    close(s);
}

} // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    const auto sealed = [&](int at) { return argc == at + 1 && std::string(argv[at]) == "seal"; };
    if (mode == "send" && (argc == 4 || sealed(4))) {
        send(argv[2], argv[3], sealed(4));
        return 0;
    }
    const int makers = argc > 4 ? std::atoi(argv[4]) : -1;
    if (mode == "receive" && (argc == 5 || sealed(5)) && makers >= 0 && makers <= 64) {
        receive(argv[2], argv[3], makers, sealed(5));
        return 0;
    }
    std::fprintf(stderr, "usage: pipeline_floor receive ADDR:PORT EMPTY_DESTINATION MAKERS(0-64) [seal]\n"
                         "       pipeline_floor send ADDR:PORT SOURCE_TREE [seal]\n");
    return 2;
}
