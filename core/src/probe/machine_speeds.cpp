#include "probe/machine_speeds.h"

#include "codec/compress.h"
#include "codec/hash.h"
#include "common/clock.h"
#include "common/random_name.h"
#include "net/cipher_speed.h"
#include "platform/cpu.h"

#include <floodgate/options.h>

#include <algorithm>
#include <random>
#include <thread>

namespace fg::probe {
namespace {

constexpr size_t kBlock = 256 * 1024; // a data frame's size: what the stages work on

// Log-like text, about 3x with zstd -1, like the logs and sources that
// compression is for (random data would only measure how fast a compressor
// gives up).
std::vector<uint8_t> textLikeData(size_t n)
{
    static const char* words[] = {"INFO", "WARN", "request", "served", "user", "id=", "took", "ms", "GET",
                                  "/api/v1/items", "status=200", "bytes=", "cache", "miss", "session", "open"};
    std::mt19937 rng(12345);
    std::vector<uint8_t> out;
    out.reserve(n + 64);
    while (out.size() < n) {
        const std::string line = std::string("2026-12-02T10:") + std::to_string(rng() % 60) + ":"
                               + std::to_string(rng() % 60) + " " + words[rng() % 16] + " " + words[rng() % 16] + " "
                               + std::to_string(rng() % 100000) + " " + words[rng() % 16] + "\n";
        out.insert(out.end(), line.begin(), line.end());
    }
    out.resize(n);
    return out;
}

std::vector<uint8_t> randomData(size_t n)
{
    std::mt19937_64 rng(std::random_device{}());
    std::vector<uint8_t> out(n);
    for (size_t i = 0; i + 8 <= n; i += 8) {
        const uint64_t v = rng();
        std::copy_n(reinterpret_cast<const uint8_t*>(&v), 8, out.begin() + ptrdiff_t(i));
    }
    return out;
}

// Runs `once` (which handles `bytes` of input) until `seconds` have passed.
template <class Fn>
double timed(double seconds, size_t bytes, Fn&& once)
{
    const uint64_t start = monotonicNs();
    const uint64_t until = start + uint64_t(seconds * 1e9);
    uint64_t done = 0;
    uint64_t now = start;
    do {
        once();
        done += bytes;
        now = monotonicNs();
    } while (now < until);
    return double(done) / (double(now - start) / 1e9);
}

Speed compressorSpeed(const std::vector<uint8_t>& text, codec::Algo algo, int level, double seconds)
{
    codec::FrameCompressor compressor;
    std::vector<uint8_t> out;
    Speed s;
    s.name = algo == codec::Algo::Lz4 ? std::string("lz4") : "zstd:" + std::to_string(level);
    size_t packed = 0;
    s.bytesPerSec = timed(seconds, text.size(), [&] {
        packed = compressor.compress(text.data(), text.size(), out, algo, level) == codec::Algo::None ? text.size()
                                                                                                     : out.size();
    });
    s.ratio = packed ? double(text.size()) / double(packed) : 0;
    return s;
}

} // namespace

DiskSpeed measureDisk(const platform::DirHandle& dir, const MachineBudget& budget)
{
    DiskSpeed d;
    d.where = dir.path();
    if (auto free = dir.freeBytes()) d.freeBytes = *free;
    const std::string name = ".fg-probe-" + randomLetters(8);
    auto file = dir.createExclusive(name, 0600);
    if (!file.ok()) {
        d.note = "no scratch file could be made in " + dir.path() + ": " + file.error().message;
        return d;
    }
    // Removed whatever happens below.
    struct Remove {
        const platform::DirHandle& dir;
        const std::string& name;
        ~Remove() { (void)dir.unlinkAt(name); }
    } remove{dir, name};

    // Random bytes: a compressing file system must not make the disk look faster.
    const std::vector<uint8_t> block = randomData(1 << 20);
    const uint64_t start = monotonicNs();
    const uint64_t until = start + uint64_t(budget.diskSeconds * 1e9);
    uint64_t written = 0;
    while (written < budget.diskBytes && monotonicNs() < until) {
        if (Status st = file->writeAll(block.data(), block.size()); !st) {
            d.note = "writing the scratch file in " + dir.path() + " failed after " + std::to_string(written >> 20)
                     + " MiB: " + st.error().message;
            return d;
        }
        written += block.size();
    }
    if (Status st = file->sync(); !st) {
        d.note = "flushing the scratch file in " + dir.path() + " failed: " + st.error().message;
        return d;
    }
    const uint64_t wroteNs = monotonicNs() - start;
    d.bytes = written;
    d.writeBytesPerSec = double(written) / (double(wroteNs) / 1e9);

    // Read back from the device, not from the cache the write left.
    const bool uncached = file->dropCachedPages();
    auto reader = dir.openRead(name);
    if (!reader.ok()) {
        d.note = "the scratch file could not be read back: " + reader.error().message;
        return d;
    }
    reader->adviseSequential();
    std::vector<uint8_t> buffer(kBlock * 4);
    const uint64_t readStart = monotonicNs();
    uint64_t read = 0;
    for (;;) {
        auto n = reader->read(buffer.data(), buffer.size());
        if (!n.ok()) {
            d.note = "reading the scratch file back failed: " + n.error().message;
            return d;
        }
        if (*n == 0) break;
        read += *n;
    }
    d.readBytesPerSec = double(read) / (double(std::max<uint64_t>(1, monotonicNs() - readStart)) / 1e9);
    if (written < budget.diskBytes)
        d.note = "written for " + std::to_string(int(budget.diskSeconds)) + " s (" + std::to_string(written >> 20)
                 + " MiB), flushed";
    else
        d.note = std::to_string(written >> 20) + " MiB written and flushed, then read back "
               + (uncached ? "with its cache dropped" : "(perhaps from memory: this system cannot drop a file's cache)");
    return d;
}

MachineSpeeds measureMachine(const platform::DirHandle* dir, const std::string& noDisk, const MachineBudget& budget)
{
    MachineSpeeds m;
    m.cores = std::max(1u, std::thread::hardware_concurrency());
    m.aesAcceleration = platform::hasAesAcceleration();
    m.netLimits = platform::readNetLimits();
    const double t = budget.perTestSeconds;
    for (CipherChoice c : {CipherChoice::Aes128Gcm, CipherChoice::Aes256Gcm, CipherChoice::Chacha20Poly1305})
        m.ciphers.push_back(Speed{cipherChoiceName(c), net::cipherBytesPerSec(c, t), 0});

    const std::vector<uint8_t> text = textLikeData(kBlock);
    m.compressors.push_back(compressorSpeed(text, codec::Algo::Lz4, 0, t));
    for (int level : {1, 3, 9}) m.compressors.push_back(compressorSpeed(text, codec::Algo::Zstd, level, t));

    for (ChecksumChoice c : {ChecksumChoice::Xxh128, ChecksumChoice::Xxh3, ChecksumChoice::Sha256}) {
        Speed s;
        s.name = checksumChoiceName(c);
        s.bytesPerSec = timed(t, text.size(), [&] { (void)fg::digestOf(c, text.data(), text.size()); });
        m.hashes.push_back(std::move(s));
    }
    if (dir) m.disk = measureDisk(*dir, budget);
    else m.disk.note = noDisk;
    return m;
}

} // namespace fg::probe
