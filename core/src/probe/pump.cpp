#include "probe/pump.h"

#include "common/clock.h"
#include "diagnosis/readings.h"
#include "platform/machine_load.h"
#include "platform/socket.h"
#include "proto/messages.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <random>
#include <thread>

namespace fg::probe {
namespace {

constexpr auto kSampleEvery = std::chrono::milliseconds(250);

proto::Frame fillFrame()
{
    proto::Frame f;
    f.type = uint16_t(proto::MsgType::ProbeFill);
    f.payload.assign(kFillBytes, 0); // zeros, not whatever the heap held, where the fill below ends short
    std::mt19937_64 rng(std::random_device{}());
    for (size_t i = 0; i + 8 <= f.payload.size(); i += 8) {
        const uint64_t v = rng();
        std::copy_n(reinterpret_cast<const uint8_t*>(&v), 8, f.payload.begin() + ptrdiff_t(i));
    }
    return f;
}

// What has left this end on all links: acknowledged bytes where the kernel
// says (TCP), else what was written.
uint64_t delivered(const std::vector<proto::FrameLink*>& links, const std::vector<std::atomic<uint64_t>>& written)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < links.size(); ++i) {
        const int fd = links[i]->socketFd();
        if (fd >= 0) {
            if (auto info = platform::tcpInfo(fd); info.ok()) {
                sum += info->bytesAcked;
                continue;
            }
        }
        sum += written[i].load();
    }
    return sum;
}

std::vector<diagnosis::ConnectionReading> readAll(const std::vector<proto::FrameLink*>& links)
{
    std::vector<diagnosis::ConnectionReading> out;
    for (size_t i = 0; i < links.size(); ++i)
        if (auto r = diagnosis::readConnection(uint32_t(i), links[i]->socketFd())) out.push_back(std::move(*r));
    return out;
}

uint64_t grown(uint64_t now, uint64_t before) { return now >= before ? now - before : 0; }

diagnosis::ConnectionEvidence difference(const diagnosis::ConnectionEvidence& now,
                                         const diagnosis::ConnectionEvidence& before)
{
    diagnosis::ConnectionEvidence d = now;
    d.busyUs = grown(now.busyUs, before.busyUs);
    d.rwndLimitedUs = grown(now.rwndLimitedUs, before.rwndLimitedUs);
    d.sndbufLimitedUs = grown(now.sndbufLimitedUs, before.sndbufLimitedUs);
    d.bytesSent = grown(now.bytesSent, before.bytesSent);
    d.bytesRetrans = grown(now.bytesRetrans, before.bytesRetrans);
    return d;
}

} // namespace

Result<PumpFigures> pump(const std::vector<proto::FrameLink*>& links, double seconds, const std::atomic<bool>& stop)
{
    PumpFigures out;
    if (links.empty()) return out;
    const proto::Frame fill = fillFrame();
    std::vector<std::atomic<uint64_t>> written(links.size());
    std::atomic<bool> over{false};
    std::mutex mutex;
    std::optional<Error> failure;
    double cpu = 0;

    const uint64_t start = monotonicNs();
    const uint64_t until = start + uint64_t(seconds * 1e9);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < links.size(); ++i) {
        threads.emplace_back([&, i] {
            const auto cpuBefore = platform::threadCpuSeconds();
            Status st;
            while (st && !stop.load() && !over.load() && monotonicNs() < until) {
                st = links[i]->sendBorrowed(fill);
                if (st) written[i] += fill.payload.size();
            }
            if (st) {
                proto::Frame last;
                last.type = uint16_t(proto::MsgType::ProbeFill);
                last.flags = kLastFill;
                st = links[i]->send(std::move(last));
            }
            const auto cpuAfter = platform::threadCpuSeconds();
            std::lock_guard lock(mutex);
            if (cpuBefore && cpuAfter) cpu += *cpuAfter - *cpuBefore;
            if (!st && !failure) failure = st.error();
            if (!st) over = true;
        });
    }

    // Samples of what was delivered, every 250 ms; the connections' figures
    // at half time and at the end.
    std::vector<uint64_t> samples{0};
    std::vector<diagnosis::ConnectionReading> half;
    uint64_t halfDelivered = 0;
    uint64_t halfNs = 0;
    const uint64_t base = delivered(links, written);
    bool halfTaken = false;
    while (!stop.load() && !over.load() && monotonicNs() < until) {
        std::this_thread::sleep_for(kSampleEvery);
        samples.push_back(grown(delivered(links, written), base));
        if (!halfTaken && monotonicNs() >= start + (until - start) / 2) {
            half = readAll(links);
            halfDelivered = samples.back();
            halfNs = monotonicNs();
            halfTaken = true;
        }
    }
    const uint64_t endNs = monotonicNs();
    const std::vector<diagnosis::ConnectionReading> end = readAll(links);
    const uint64_t endDelivered = grown(delivered(links, written), base);
    over = true;
    for (auto& t : threads) t.join();
    if (failure) return *failure;

    for (const auto& w : written) out.bytes += w.load();
    out.seconds = double(endNs - start) / 1e9;
    out.cpuSeconds = cpu;
    out.threadSeconds = out.seconds * double(links.size());
    constexpr size_t kPerSecond = 4; // samples a second apart
    for (size_t i = kPerSecond; i < samples.size(); ++i)
        out.steadyBytesPerSec = std::max(out.steadyBytesPerSec, double(samples[i] - samples[i - kPerSecond]));
    if (samples.size() <= kPerSecond && out.seconds > 0) out.steadyBytesPerSec = double(endDelivered) / out.seconds;
    if (halfTaken) {
        out.windowBytes = grown(endDelivered, halfDelivered);
        out.windowSeconds = double(endNs - halfNs) / 1e9;
        for (const auto& now : end) {
            const auto before = std::find_if(half.begin(), half.end(), [&](const auto& b) { return b.id == now.id; });
            out.connections.push_back(before == half.end() ? now.sinceOpened
                                                           : difference(now.sinceOpened, before->sinceOpened));
        }
    }
    return out;
}

Result<DrainFigures> drain(const std::vector<proto::FrameLink*>& links)
{
    DrainFigures out;
    std::mutex mutex;
    std::optional<Error> failure;
    uint64_t first = 0, last = 0;
    std::atomic<uint64_t> bytes{0};
    std::vector<std::thread> threads;
    for (auto* link : links) {
        threads.emplace_back([&, link] {
            for (;;) {
                auto frame = link->receive();
                Status st = frame.ok() ? Status() : Status(frame.error());
                if (st && frame->type != uint16_t(proto::MsgType::ProbeFill))
                    st = Error(Errc::Protocol, std::string("expected probe filler, got ")
                                                   + proto::msgTypeName(frame->type));
                if (st && (frame->flags & ~kLastFill))
                    st = Error(Errc::Protocol, "probe filler with unknown flags " + std::to_string(frame->flags));
                const uint64_t now = monotonicNs();
                std::lock_guard lock(mutex);
                if (!st) {
                    if (!failure) failure = st.error();
                    for (auto* other : links) other->close();
                    return;
                }
                if (!first) first = now;
                last = now;
                bytes += frame->payload.size();
                if (frame->flags & kLastFill) return;
            }
        });
    }
    for (auto& t : threads) t.join();
    if (failure) return *failure;
    out.bytes = bytes.load();
    out.seconds = last > first ? double(last - first) / 1e9 : 0;
    return out;
}

} // namespace fg::probe
