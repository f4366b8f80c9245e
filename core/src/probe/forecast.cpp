#include "probe/forecast.h"

#include <floodgate/units.h>

#include <algorithm>

namespace fg::probe {
namespace {

using diagnosis::Layer;

// Within this share of the network's rate a layer does not limit: the
// network test itself ran through the same ciphers and threads.
constexpr double kNearNetwork = 0.9;
// Several connections carry this much more than one: worth their cost.
constexpr double kStreamsGain = 1.25;
// Compression pays when the link is this much slower than zstd -1.
constexpr double kCompressGain = 2.0;
// Another cipher this much faster on both ends is worth naming.
constexpr double kCipherGain = 1.3;

struct Candidate {
    Layer layer = Layer::Unknown;
    std::string end;
    double rate = 0;
    std::string what; // "the receiver's disk writes 180 MiB/s"
    std::string fix;
};

std::string rate(double bytesPerSec) { return formatRate(bytesPerSec); }

std::string connections(unsigned n)
{
    return n == 0 ? std::string("ssh's pipe") : n == 1 ? std::string("1 connection") : std::to_string(n) + " connections";
}

// "with 4 connections", "through ssh's pipe".
std::string over(unsigned n) { return (n == 0 ? "through " : "with ") + connections(n); }

// The cipher each end would do better with, if one is clearly faster on both.
std::optional<std::string> fasterCipher(const std::string& now, const MachineSpeeds& a, const MachineSpeeds& b)
{
    const double current = std::min(speedOf(a.ciphers, now), speedOf(b.ciphers, now));
    std::optional<std::string> best;
    double bestRate = current * kCipherGain;
    for (const char* other : {"aes128-gcm", "chacha20-poly1305"}) {
        const double r = std::min(speedOf(a.ciphers, other), speedOf(b.ciphers, other));
        if (other != now && r > bestRate) {
            best = other;
            bestRate = r;
        }
    }
    return best;
}

void addAdvice(Forecast& f, const std::string& setting, const std::string& why)
{
    if (setting.empty()) return;
    for (const auto& a : f.advice)
        if (a.setting.substr(0, a.setting.find(' ')) == setting.substr(0, setting.find(' '))) return;
    f.advice.push_back(Advice{setting, why});
}

} // namespace

double speedOf(const std::vector<Speed>& speeds, const std::string& name)
{
    for (const auto& s : speeds)
        if (s.name == name) return s.bytesPerSec;
    return 0;
}

Forecast forecast(const ForecastInput& in)
{
    Forecast f;
    if (in.network.empty() || !in.local || !in.remote) {
        f.verdict.evidence = "the probe measured no network test";
        return f;
    }
    const MachineSpeeds& sender = in.pull ? *in.remote : *in.local;
    const MachineSpeeds& receiver = in.pull ? *in.local : *in.remote;
    const NetworkTest& one = in.network.front();
    const NetworkTest* best = &one;
    for (const auto& t : in.network)
        if (t.bytesPerSec > best->bytesPerSec) best = &t;
    const unsigned conns = std::max(1u, best->streams);

    std::vector<Candidate> candidates;
    Candidate net;
    net.layer = best->verdict.layer;
    net.rate = best->bytesPerSec;
    net.what = "the network carries " + rate(best->bytesPerSec) + " " + over(best->streams);
    candidates.push_back(net);

    // TLS seals and opens on one thread per connection: as many cores as
    // there are connections, at most all of them.
    const bool ours = !in.ssh && !in.cipher.empty() && in.cipher != "none";
    if (ours) {
        const std::optional<std::string> other = fasterCipher(in.cipher, sender, receiver);
        for (bool atSender : {true, false}) {
            const MachineSpeeds& m = atSender ? sender : receiver;
            const double perCore = speedOf(m.ciphers, in.cipher);
            if (perCore <= 0) continue;
            const unsigned cores = std::min(conns, std::max(1u, m.cores));
            Candidate c;
            c.layer = atSender ? Layer::Encryption : Layer::Decryption;
            c.end = atSender ? "sender" : "receiver";
            c.rate = perCore * cores;
            c.what = "the " + c.end + "'s CPU " + (atSender ? "seals " : "opens ") + in.cipher + " at " + rate(perCore)
                     + " a core (" + std::to_string(cores) + (cores == 1 ? " core" : " cores") + " for "
                     + connections(conns) + ")";
            if (other)
                c.fix = "--cipher " + *other + ": " + rate(std::min(speedOf(sender.ciphers, *other),
                                                                    speedOf(receiver.ciphers, *other)))
                        + " a core on the slower end";
            else if (conns < m.cores)
                c.fix = "--streams " + std::to_string(m.cores) + ": one connection a core spreads the cipher over all "
                        + std::to_string(m.cores) + " cores";
            else
                c.fix = "--cipher none, on a network you trust: the data is then not encrypted";
            candidates.push_back(c);
        }
    }
    for (bool atSender : {true, false}) {
        const MachineSpeeds& m = atSender ? sender : receiver;
        const double perCore = speedOf(m.hashes, "xxh128");
        if (perCore <= 0) continue;
        Candidate c;
        c.layer = Layer::Hashing;
        c.end = atSender ? "sender" : "receiver";
        c.rate = perCore;
        c.what = "the " + c.end + "'s CPU checksums (xxh128) at " + rate(perCore);
        c.fix = "a faster CPU there: xxh128 is already the cheapest checksum that is safe for this";
        candidates.push_back(c);
    }
    if (sender.disk.readBytesPerSec) {
        Candidate c;
        c.layer = Layer::SourceRead;
        c.end = "sender";
        c.rate = *sender.disk.readBytesPerSec;
        c.what = "the sender's disk reads " + rate(c.rate) + " (" + sender.disk.where + ")";
        c.fix = "the source's disk: a faster one, or files already in memory; nothing in floodgate reads faster";
        candidates.push_back(c);
    }
    if (receiver.disk.writeBytesPerSec) {
        Candidate c;
        c.layer = Layer::DestinationWrite;
        c.end = "receiver";
        c.rate = *receiver.disk.writeBytesPerSec;
        c.what = "the receiver's disk writes " + rate(c.rate) + ", flushed (" + receiver.disk.where + ")";
        c.fix = "the destination's disk: a faster one; --fsync none only drops the last flush";
        candidates.push_back(c);
    }

    const Candidate* limit = &candidates.front();
    for (const auto& c : candidates)
        if (c.rate < limit->rate) limit = &c;
    if (limit->rate >= kNearNetwork * net.rate) limit = &candidates.front();

    f.bytesPerSec = limit->rate;
    diagnosis::Verdict& v = f.verdict;
    if (limit == &candidates.front()) {
        v = best->verdict;
        v.share = 1;
        v.evidence = net.what + (v.evidence.empty() ? std::string() : "; " + v.evidence);
        // Several connections did better than one: the one connection's
        // verdict says why, the advice below says how many.
        if (best != &one && one.verdict.layer != Layer::Unknown)
            v.evidence += " (with one connection, " + rate(one.bytesPerSec) + ": " + diagnosis::layerName(one.verdict.layer)
                          + ")";
    } else {
        v.layer = limit->layer;
        v.end = limit->end;
        v.share = net.rate > 0 ? limit->rate / net.rate : 0;
        v.evidence = limit->what + ", less than the " + rate(net.rate) + " the network carries " + over(best->streams);
        v.fix = limit->fix;
    }
    v.setting = diagnosis::settingIn(v.fix);

    // What to use, in order of what it gains.
    if (best != &one && best->bytesPerSec > kStreamsGain * one.bytesPerSec)
        addAdvice(f, "--streams " + std::to_string(best->streams),
                  connections(best->streams) + " carry " + rate(best->bytesPerSec) + ", one carries " + rate(one.bytesPerSec));
    addAdvice(f, v.setting, v.fix);
    if (ours) {
        if (auto other = fasterCipher(in.cipher, sender, receiver))
            addAdvice(f, "--cipher " + *other,
                      *other + " runs at " + rate(std::min(speedOf(sender.ciphers, *other), speedOf(receiver.ciphers, *other)))
                          + " a core on the slower end, " + in.cipher + " at "
                          + rate(std::min(speedOf(sender.ciphers, in.cipher), speedOf(receiver.ciphers, in.cipher))));
    }
    const double zstd1 = speedOf(sender.compressors, "zstd:1");
    if (zstd1 > 0 && zstd1 * std::min(conns, std::max(1u, sender.cores)) > kCompressGain * f.bytesPerSec)
        addAdvice(f, "--compress auto",
                  "the sender compresses text with zstd -1 at " + rate(zstd1) + " a core, more than twice what the "
                  "transfer can carry: compressible data goes faster compressed (auto leaves the rest alone)");
    return f;
}

} // namespace fg::probe
