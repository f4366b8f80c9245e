// linkemu: a point-to-point link emulator between two network namespaces.
//
// tc netem needs kernel modules these machines do not have, so the benchmark
// emulates its slow links in user space: one TUN device in each namespace,
// and this process forwarding IP packets between them. Each direction is an
// independent link with
//   - a bottleneck of RATE bit/s: packets are serialised one after another
//     (a packet of L bytes occupies the link for L*8/RATE seconds), so a burst
//     really queues and TCP sees a real bottleneck, not a fixed sleep;
//   - a drop-tail queue in front of it, limited in bytes and/or packets;
//   - optional random loss;
//   - a constant one-way propagation delay after serialisation.
//
// Because the delay is constant and serialisation is FIFO, the release times
// of one direction are non-decreasing: a ring buffer per direction (ordered by
// release time) replaces a priority queue. The loop is single-threaded:
// epoll on the two TUN fds plus a signalfd, an ns-precision timeout
// (epoll_pwait2) until the next release, and batched reads (read until EAGAIN
// or a budget, without going back to epoll while data keeps coming).
//
// GSO mode (the default without random loss): the TUN devices take TSO
// offload (IFF_VNET_HDR + TUNSETOFFLOAD), so the sending kernel hands over
// TCP bursts of up to 64 KB as one packet with a virtio header instead of
// ~44 MTU-sized ones, and the receiving kernel takes them whole, as if its
// NIC had coalesced them (GRO). Each burst is charged on the emulated wire as
// the MTU-sized segments it stands for (their payload plus one set of
// headers each), so rates and queue limits mean the same as per packet. This
// cuts the per-packet work, most of it the kernels' on both sides, several
// times; the cost is granularity: the queue drops a whole burst when it is
// full. Random loss is per packet, so --loss turns GSO mode off.
//
// Usage (see --help): linkemu --ns-a /run/netns/A --ns-b /run/netns/B
//   --rate 500mbit --delay 70.5ms --queue 8.8MB [--loss 0.001] ...
// It prints "ready" on stdout once both TUN devices exist; the caller then
// gives them addresses. SIGUSR1 writes the counters to --stats, SIGTERM/SIGINT
// write them and exit; the TUN devices vanish with the process.

#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <endian.h>
#include <sched.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace {

constexpr size_t kMaxRead = 65536 + 64; // a 64 KB GSO burst plus its virtio header
constexpr int kReadBudget = 64;         // reads from one fd before looking at releases again

[[noreturn]] void die(const char* what)
{
    std::fprintf(stderr, "linkemu: %s: %s\n", what, std::strerror(errno));
    std::exit(1);
}

[[noreturn]] void usage(const char* message)
{
    std::fprintf(stderr, "linkemu: %s (see --help)\n", message);
    std::exit(2);
}

uint64_t nowNs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
}

// "500mbit", "1gbit", "64kbit", "1e9" (bit/s); 0 means unlimited.
double parseRate(const std::string& s)
{
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    std::string unit(end);
    if (unit == "" || unit == "bit") return v;
    if (unit == "kbit") return v * 1e3;
    if (unit == "mbit") return v * 1e6;
    if (unit == "gbit") return v * 1e9;
    usage(("bad rate: " + s).c_str());
}

// "70.5ms", "250us", "1s", "0" -> nanoseconds
uint64_t parseDuration(const std::string& s)
{
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    std::string unit(end);
    double mult = 0;
    if (unit == "ns") mult = 1;
    else if (unit == "us") mult = 1e3;
    else if (unit == "ms" || unit == "") mult = 1e6;
    else if (unit == "s") mult = 1e9;
    else usage(("bad duration: " + s).c_str());
    return uint64_t(std::llround(v * mult));
}

// "8.8MB" (bytes, decimal), "1000p" (packets), "0" = unlimited
void parseQueue(const std::string& s, uint64_t& bytes, uint64_t& packets)
{
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    std::string unit(end);
    bytes = packets = 0;
    if (unit == "p") packets = uint64_t(v);
    else if (unit == "" || unit == "B") bytes = uint64_t(v);
    else if (unit == "KB") bytes = uint64_t(v * 1e3);
    else if (unit == "MB") bytes = uint64_t(v * 1e6);
    else if (unit == "KiB") bytes = uint64_t(v * 1024);
    else if (unit == "MiB") bytes = uint64_t(v * 1048576);
    else usage(("bad queue limit: " + s).c_str());
}

// A packet (or GSO burst) waiting in the queue or on the wire.
struct Slot {
    uint64_t releaseNs; // when it leaves the far end of the link
    uint32_t len;       // bytes to write to the far TUN (with the virtio header in GSO mode)
    uint32_t wire;      // bytes it occupies on the emulated wire
    uint32_t segments;  // MTU-sized packets it stands for
    uint8_t* data;      // malloc'd
};

// FIFO of slots ordered by release time; grows by doubling so the emulator
// needs no up-front guess of the bandwidth-delay product.
class Ring {
public:
    explicit Ring(size_t capacity) : m_slots(capacity) {}
    bool empty() const { return m_count == 0; }
    size_t size() const { return m_count; }
    Slot& front() { return m_slots[m_head]; }
    Slot& at(size_t i) { return m_slots[(m_head + i) % m_slots.size()]; }
    void popFront()
    {
        m_head = (m_head + 1) % m_slots.size();
        --m_count;
    }
    // The slot the next packet is read into; commit with pushBack().
    Slot& tail()
    {
        if (m_count == m_slots.size()) grow();
        return m_slots[(m_head + m_count) % m_slots.size()];
    }
    void pushBack() { ++m_count; }
    size_t capacity() const { return m_slots.size(); }

private:
    void grow()
    {
        std::vector<Slot> bigger(m_slots.size() * 2);
        for (size_t i = 0; i < m_count; ++i) bigger[i] = at(i);
        m_slots.swap(bigger);
        m_head = 0;
    }
    std::vector<Slot> m_slots;
    size_t m_head = 0;
    size_t m_count = 0;
};

// Packets and bytes count what the emulated wire carries: MTU-sized packets
// and their IP bytes (+ --overhead), also in GSO mode.
struct Stats {
    uint64_t rxPackets = 0, rxBytes = 0;     // arrived at the near end
    uint64_t txPackets = 0, txBytes = 0;     // delivered at the far end
    uint64_t dropQueue = 0, dropLoss = 0;    // drop-tail, random loss (packets)
    uint64_t dropOversize = 0;               // a read that filled the whole buffer
    uint64_t dropWrite = 0;                  // the far TUN refused it (device down)
    uint64_t maxQueueBytes = 0, maxQueuePackets = 0;
    uint64_t reads = 0, gsoReads = 0;        // TUN reads, those that were GSO bursts
};

// One direction of the link: reads from `in`, delivers to `out`.
struct Direction {
    const char* name = "";
    int in = -1, out = -1;
    double rateBps = 0;          // bit/s, 0 = unlimited
    uint64_t delayNs = 0;
    uint64_t queueBytes = 0;     // drop-tail limits, 0 = none
    uint64_t queuePackets = 0;
    uint32_t lossPpb = 0;        // loss probability in parts per 2^32
    uint32_t overheadBytes = 0;  // per-packet framing charged to the rate (e.g. Ethernet 38)

    double linkFreeNs = 0;       // when the bottleneck finishes its last accepted packet
    Ring ring{1024};
    // Packets in ring positions [serialisedCount, size) have not finished
    // serialisation yet: they are the bottleneck queue.
    size_t serialisedCount = 0;
    uint64_t backlogBytes = 0;   // wire bytes of those packets
    uint64_t backlogPackets = 0; // and MTU-sized packets
    Stats stats;
};

uint64_t g_rng = 0x9E3779B97F4A7C15ull;
uint32_t random32()
{
    // xorshift64*: fast and good enough for Bernoulli loss.
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return uint32_t((g_rng * 0x2545F4914F6CDD1Dull) >> 32);
}

bool g_gso = true;

// struct virtio_net_hdr from <linux/virtio_net.h>, which does not compile as
// C++ (a field is named `class`). Little-endian on the hosts we run on.
struct VnetHdr {
    uint8_t flags;
    uint8_t gsoType;
    uint16_t hdrLen;
    uint16_t gsoSize;
    uint16_t csumStart;
    uint16_t csumOffset;
};
static_assert(sizeof(VnetHdr) == 10);
constexpr uint8_t kGsoNone = 0, kGsoEcn = 0x80;

// Bytes a packet occupies on the wire, and how many MTU-sized packets it is:
// a GSO burst is its payload cut into gso_size pieces, each with a copy of
// the IP and TCP headers.
uint32_t wireSize(const uint8_t* buf, uint32_t n, uint32_t overhead, uint32_t& segments)
{
    segments = 1;
    if (!g_gso || n < sizeof(VnetHdr)) return n + overhead;
    VnetHdr h;
    std::memcpy(&h, buf, sizeof h);
    const uint8_t* ip = buf + sizeof h;
    uint32_t len = n - uint32_t(sizeof h);
    uint8_t type = h.gsoType & uint8_t(~kGsoEcn);
    uint32_t gsoSize = le16toh(h.gsoSize);
    if (type == kGsoNone || gsoSize == 0 || len < 40) return len + overhead;
    uint32_t hdr = 0;
    if ((ip[0] >> 4) == 4) {
        uint32_t ihl = (ip[0] & 15u) * 4;
        if (len >= ihl + 20) hdr = ihl + (ip[ihl + 12] >> 4) * 4u;
    } else if ((ip[0] >> 4) == 6 && len >= 60) {
        hdr = 40 + (ip[52] >> 4) * 4u; // no extension headers on our links
    }
    if (hdr == 0 || len <= hdr) return len + overhead;
    uint32_t payload = len - hdr;
    segments = (payload + gsoSize - 1) / gsoSize;
    return payload + segments * (hdr + overhead);
}

// Moves packets whose serialisation has ended out of the queue accounting.
void settleQueue(Direction& d, uint64_t now)
{
    while (d.serialisedCount < d.ring.size()) {
        Slot& s = d.ring.at(d.serialisedCount);
        if (s.releaseNs - d.delayNs > now) break; // still queued or on the transmitter
        d.backlogBytes -= s.wire;
        d.backlogPackets -= s.segments;
        ++d.serialisedCount;
    }
}

// Buffers for reads: a GSO burst stays in the buffer it was read into (no
// copy of 64 KB); a small packet is copied out so the big buffer is reused.
constexpr size_t kCopyBelow = 16384;
std::vector<uint8_t*> g_bigFree;

uint8_t* takeBig()
{
    if (g_bigFree.empty()) {
        auto* p = static_cast<uint8_t*>(std::malloc(kMaxRead));
        if (!p) die("malloc");
        return p;
    }
    uint8_t* p = g_bigFree.back();
    g_bigFree.pop_back();
    return p;
}

void freePacket(uint8_t* p, uint32_t len)
{
    if (len > kCopyBelow && g_bigFree.size() < 1024) g_bigFree.push_back(p); // keeps at most 64 MB
    else std::free(p);
}

// Reads up to kReadBudget packets. Returns false once the fd is drained.
bool readBatch(Direction& d)
{
    static uint8_t* buf = takeBig();
    for (int i = 0; i < kReadBudget; ++i) {
        ssize_t n = read(d.in, buf, kMaxRead);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return false;
            if (errno == EINTR) continue;
            die("read from tun");
        }
        uint64_t now = nowNs();
        uint32_t segments = 1;
        uint32_t wire = wireSize(buf, uint32_t(n), d.overheadBytes, segments);
        d.stats.reads++;
        d.stats.gsoReads += segments > 1;
        d.stats.rxPackets += segments;
        d.stats.rxBytes += wire;
        if (size_t(n) >= kMaxRead) { // may have been truncated
            d.stats.dropOversize += segments;
            continue;
        }
        if (d.lossPpb && random32() < d.lossPpb) { // per packet: GSO is off with loss
            d.stats.dropLoss++;
            continue;
        }
        settleQueue(d, now);
        if ((d.queueBytes && d.backlogBytes + wire > d.queueBytes) ||
            (d.queuePackets && d.backlogPackets + segments > d.queuePackets)) {
            d.stats.dropQueue += segments;
            continue;
        }
        // Serialisation: starts when the link is free (or now), lasts wire*8/rate.
        double start = std::max(double(now), d.linkFreeNs);
        double finish = start;
        if (d.rateBps > 0) finish += double(wire) * 8e9 / d.rateBps;
        d.linkFreeNs = finish;
        Slot& slot = d.ring.tail();
        if (size_t(n) > kCopyBelow) {
            slot.data = buf;
            buf = takeBig();
        } else {
            slot.data = static_cast<uint8_t*>(std::malloc(size_t(n)));
            if (!slot.data) die("malloc");
            std::memcpy(slot.data, buf, size_t(n));
        }
        slot.len = uint32_t(n);
        slot.wire = wire;
        slot.segments = segments;
        slot.releaseNs = uint64_t(finish) + d.delayNs;
        d.ring.pushBack();
        d.backlogBytes += wire;
        d.backlogPackets += segments;
        d.stats.maxQueueBytes = std::max(d.stats.maxQueueBytes, d.backlogBytes);
        d.stats.maxQueuePackets = std::max(d.stats.maxQueuePackets, d.backlogPackets);
    }
    return true;
}

// Delivers every packet due by `now` + `slackNs`; returns the next release
// time (0 if none). The slack lets one wake-up deliver several packets
// instead of sleeping once per packet (at 500 Mbit/s they are 24 us apart).
uint64_t release(Direction& d, uint64_t now, uint64_t slackNs)
{
    while (!d.ring.empty()) {
        Slot& s = d.ring.front();
        if (s.releaseNs > now + slackNs) return s.releaseNs;
        ssize_t n = write(d.out, s.data, s.len);
        if (n == ssize_t(s.len)) {
            d.stats.txPackets += s.segments;
            d.stats.txBytes += s.wire;
        } else {
            d.stats.dropWrite += s.segments;
        }
        if (d.serialisedCount > 0) {
            --d.serialisedCount;
        } else { // released before settleQueue saw it
            d.backlogBytes -= s.wire;
            d.backlogPackets -= s.segments;
        }
        freePacket(s.data, s.len);
        d.ring.popFront();
    }
    return 0;
}

// Creates (or attaches to) TUN device `name` inside the namespace at nsPath.
int openTunIn(const std::string& nsPath, const std::string& name)
{
    int home = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    int target = open(nsPath.c_str(), O_RDONLY | O_CLOEXEC);
    if (home < 0 || target < 0) die(("open namespace " + nsPath).c_str());
    if (setns(target, CLONE_NEWNET) != 0) die("setns");
    int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) die("open /dev/net/tun");
    ifreq ifr{};
    // Raw IP packets; in GSO mode each behind a virtio_net_hdr.
    ifr.ifr_flags = short(IFF_TUN | IFF_NO_PI | (g_gso ? IFF_VNET_HDR : 0));
    std::snprintf(ifr.ifr_name, IFNAMSIZ, "%s", name.c_str());
    if (ioctl(fd, TUNSETIFF, &ifr) != 0) die(("TUNSETIFF " + name).c_str());
    if (g_gso) {
        int hdrSize = int(sizeof(VnetHdr));
        unsigned offload = TUN_F_CSUM | TUN_F_TSO4 | TUN_F_TSO6 | TUN_F_TSO_ECN;
        if (ioctl(fd, TUNSETVNETHDRSZ, &hdrSize) != 0) die("TUNSETVNETHDRSZ");
        if (ioctl(fd, TUNSETOFFLOAD, offload) != 0) die("TUNSETOFFLOAD");
    }
    if (setns(home, CLONE_NEWNET) != 0) die("setns back");
    close(home);
    close(target);
    return fd;
}

void writeStats(const std::string& path, const Direction* dirs, uint64_t startNs, uint64_t slackNs)
{
    if (path.empty()) return;
    std::string tmp = path + ".tmp";
    FILE* f = std::fopen(tmp.c_str(), "w");
    if (!f) return;
    std::fprintf(f, "{\"uptime_s\": %.3f, \"slack_ns\": %llu, \"gso\": %s", double(nowNs() - startNs) / 1e9,
                 (unsigned long long)slackNs, g_gso ? "true" : "false");
    for (int i = 0; i < 2; ++i) {
        const Direction& d = dirs[i];
        const Stats& s = d.stats;
        std::fprintf(f,
                     ", \"%s\": {\"rx_packets\": %llu, \"rx_bytes\": %llu, \"tx_packets\": %llu, \"tx_bytes\": %llu, "
                     "\"drop_queue\": %llu, \"drop_loss\": %llu, \"drop_oversize\": %llu, \"drop_write\": %llu, \"max_queue_bytes\": %llu, "
                     "\"max_queue_packets\": %llu, \"reads\": %llu, \"gso_reads\": %llu, \"ring_capacity\": %zu}",
                     d.name, (unsigned long long)s.rxPackets, (unsigned long long)s.rxBytes,
                     (unsigned long long)s.txPackets, (unsigned long long)s.txBytes, (unsigned long long)s.dropQueue,
                     (unsigned long long)s.dropLoss, (unsigned long long)s.dropOversize, (unsigned long long)s.dropWrite,
                     (unsigned long long)s.maxQueueBytes, (unsigned long long)s.maxQueuePackets,
                     (unsigned long long)s.reads, (unsigned long long)s.gsoReads, d.ring.capacity());
    }
    std::fprintf(f, "}\n");
    std::fclose(f);
    std::rename(tmp.c_str(), path.c_str());
}

const char* kHelp =
    "usage: linkemu --ns-a PATH --ns-b PATH [options]\n"
    "  --ns-a PATH, --ns-b PATH   network namespace files (e.g. /run/netns/fgb-a)\n"
    "  --dev NAME                 TUN device name in both namespaces (default fgb0)\n"
    "  --rate R                   bottleneck rate both ways: 500mbit, 1gbit, 0 = unlimited\n"
    "  --delay D                  one-way delay both ways: 70.5ms, 250us\n"
    "  --queue Q                  drop-tail limit both ways: 8.8MB, 512KiB, 1000p, 0 = none\n"
    "  --loss P                   random loss probability both ways (0..1)\n"
    "  --overhead N               bytes charged per packet on top of the IP length (default 0)\n"
    "  --gso on|off               take TSO bursts whole (default on; off with --loss)\n"
    "  --rate-ab/--rate-ba, --delay-ab/--delay-ba, --queue-ab/--queue-ba, --loss-ab/--loss-ba\n"
    "                             the same for one direction (a->b is A's traffic to B)\n"
    "  --seed N                   loss random seed\n"
    "  --slack D                  deliver packets up to D early to batch wake-ups\n"
    "                             (default 1% of the delay, at most 200us)\n"
    "  --stats FILE               counters as JSON, written on SIGUSR1 and at exit\n";

} // namespace

int main(int argc, char** argv)
{
    std::string nsA, nsB, dev = "fgb0", statsPath;
    int64_t slackArg = -1; // -1: derive from the delay
    Direction dirs[2];
    dirs[0].name = "a_to_b";
    dirs[1].name = "b_to_a";
    auto setBoth = [&](auto fn) { fn(dirs[0]); fn(dirs[1]); };
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::fputs(kHelp, stdout);
            return 0;
        }
        if (i + 1 >= argc) usage(("missing value for " + arg).c_str());
        std::string v = argv[++i];
        if (arg == "--ns-a") nsA = v;
        else if (arg == "--ns-b") nsB = v;
        else if (arg == "--dev") dev = v;
        else if (arg == "--stats") statsPath = v;
        else if (arg == "--slack") slackArg = int64_t(parseDuration(v));
        else if (arg == "--gso") g_gso = v == "on";
        else if (arg == "--seed") g_rng = std::strtoull(v.c_str(), nullptr, 0) | 1;
        else if (arg == "--rate") setBoth([&](Direction& d) { d.rateBps = parseRate(v); });
        else if (arg == "--rate-ab") dirs[0].rateBps = parseRate(v);
        else if (arg == "--rate-ba") dirs[1].rateBps = parseRate(v);
        else if (arg == "--delay") setBoth([&](Direction& d) { d.delayNs = parseDuration(v); });
        else if (arg == "--delay-ab") dirs[0].delayNs = parseDuration(v);
        else if (arg == "--delay-ba") dirs[1].delayNs = parseDuration(v);
        else if (arg == "--queue") setBoth([&](Direction& d) { parseQueue(v, d.queueBytes, d.queuePackets); });
        else if (arg == "--queue-ab") parseQueue(v, dirs[0].queueBytes, dirs[0].queuePackets);
        else if (arg == "--queue-ba") parseQueue(v, dirs[1].queueBytes, dirs[1].queuePackets);
        else if (arg == "--overhead") setBoth([&](Direction& d) { d.overheadBytes = uint32_t(std::atoi(v.c_str())); });
        else if (arg == "--loss" || arg == "--loss-ab" || arg == "--loss-ba") {
            double p = std::strtod(v.c_str(), nullptr);
            if (p < 0 || p > 1) usage("--loss wants a probability from 0 to 1");
            uint32_t ppb = uint32_t(std::min(p * 4294967296.0, 4294967295.0));
            if (arg != "--loss-ba") dirs[0].lossPpb = ppb;
            if (arg != "--loss-ab") dirs[1].lossPpb = ppb;
        } else usage(("unknown option " + arg).c_str());
    }
    if (nsA.empty() || nsB.empty()) usage("--ns-a and --ns-b are required");
    if (dirs[0].lossPpb || dirs[1].lossPpb) g_gso = false; // loss is per packet

    // Early release: 1% of the shorter one-way delay, at most 200 us (0.3%
    // of the WAN preset's 70.5 ms; 2.5 us on the LAN preset's 0.25 ms).
    uint64_t slackNs = slackArg >= 0 ? uint64_t(slackArg)
                                     : std::min<uint64_t>(std::min(dirs[0].delayNs, dirs[1].delayNs) / 100, 200000);

    // Precise wake-ups: the default 50 us timer slack would blur a 0.25 ms delay.
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);

    int tunA = openTunIn(nsA, dev);
    int tunB = openTunIn(nsB, dev);
    dirs[0].in = tunA;
    dirs[0].out = tunB;
    dirs[1].in = tunB;
    dirs[1].out = tunA;

    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGUSR1);
    sigprocmask(SIG_BLOCK, &mask, nullptr);
    int sigFd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
    int ep = epoll_create1(EPOLL_CLOEXEC);
    if (sigFd < 0 || ep < 0) die("signalfd/epoll");
    auto add = [&](int fd, uint64_t tag) {
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.u64 = tag;
        if (epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) != 0) die("epoll_ctl");
    };
    add(tunA, 0);
    add(tunB, 1);
    add(sigFd, 2);

    uint64_t startNs = nowNs();
    std::printf("ready\n");
    std::fflush(stdout);

    // Until a read returns EAGAIN we keep reading without asking epoll: under
    // load that saves one syscall per batch.
    bool readable[2] = {true, true};
    for (;;) {
        uint64_t now = nowNs();
        uint64_t next = 0;
        for (auto& d : dirs) {
            uint64_t t = release(d, now, slackNs);
            if (t && (!next || t < next)) next = t;
        }
        bool any = false;
        for (int i = 0; i < 2; ++i)
            if (readable[i]) {
                readable[i] = readBatch(dirs[i]);
                any = true;
            }
        if (any) continue; // look at releases again before sleeping

        epoll_event events[4];
        timespec timeout{};
        timespec* tp = nullptr;
        if (next) {
            now = nowNs();
            uint64_t wait = next > now ? next - now : 0;
            timeout.tv_sec = time_t(wait / 1000000000ull);
            timeout.tv_nsec = long(wait % 1000000000ull);
            tp = &timeout;
        }
        int n = epoll_pwait2(ep, events, 4, tp, nullptr);
        if (n < 0) {
            if (errno == EINTR) continue;
            die("epoll_pwait2");
        }
        for (int i = 0; i < n; ++i) {
            uint64_t tag = events[i].data.u64;
            if (tag < 2) {
                readable[tag] = true;
                continue;
            }
            signalfd_siginfo si{};
            while (read(sigFd, &si, sizeof si) == ssize_t(sizeof si)) {
                writeStats(statsPath, dirs, startNs, slackNs);
                if (si.ssi_signo != SIGUSR1) return 0;
            }
        }
    }
}
