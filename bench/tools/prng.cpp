// prng: writes COUNT deterministic pseudo-random bytes to stdout.
//
// The workloads must be identical on every run and every machine, and random
// (incompressible) where they stand for media or archives. Python's own
// generators produce 60-80 MB/s, which would make generating the 1 GiB file
// take longer than copying it; xoshiro256** does several GB/s.
//
//   prng SEED COUNT     (SEED: any text; COUNT: bytes)

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

uint64_t splitmix64(uint64_t& x)
{
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

struct Xoshiro256 {
    uint64_t s[4];
    uint64_t next()
    {
        uint64_t result = rotl(s[1] * 5, 7) * 9;
        uint64_t t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = rotl(s[3], 45);
        return result;
    }
};

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: prng SEED COUNT > file\n");
        return 2;
    }
    // FNV-1a of the seed text, then splitmix64 to fill the state.
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char* p = argv[1]; *p; ++p) h = (h ^ uint8_t(*p)) * 0x100000001b3ull;
    Xoshiro256 rng{};
    for (auto& word : rng.s) word = splitmix64(h);

    unsigned long long left = std::strtoull(argv[2], nullptr, 10);
    std::vector<uint64_t> buf(1 << 17); // 1 MiB
    while (left > 0) {
        for (auto& w : buf) w = rng.next();
        size_t chunk = left < buf.size() * 8 ? size_t(left) : buf.size() * 8;
        const char* p = reinterpret_cast<const char*>(buf.data());
        for (size_t off = 0; off < chunk;) {
            ssize_t n = write(STDOUT_FILENO, p + off, chunk - off);
            if (n <= 0) {
                std::perror("prng: write");
                return 1;
            }
            off += size_t(n);
        }
        left -= chunk;
    }
    return 0;
}
