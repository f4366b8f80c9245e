#pragma once
// Two network namespaces joined by a link the test makes itself: a veth pair
// (the fast link), or bench/linkemu between two TUN devices (a rate, a delay,
// a drop-tail queue, random loss: the real mechanisms a slow or lossy link
// has, since this kernel has no tc netem). A daemon runs in B and a client
// paired with it in A. Everything goes when the object dies. Needs root (or
// CAP_NET_ADMIN); `why()` says what was missing, for a QSKIP.

#include "test_support.h"

#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>

namespace fgtest {

struct LinkSpec {
    bool emulated = false; // false: a veth pair, no limits
    QString rate;          // linkemu's --rate ("100mbit")
    QString delay;         // one way ("20ms")
    QString queue;         // "1000p", "2MB"
    double loss = 0;       // each packet, each way
};

class LinkedNamespaces {
public:
    explicit LinkedNamespaces(const LinkSpec& spec = {});
    ~LinkedNamespaces();
    LinkedNamespaces(const LinkedNamespaces&) = delete;
    LinkedNamespaces& operator=(const LinkedNamespaces&) = delete;

    bool ok() const { return m_ok; }
    QString why() const { return m_why; }
    QString daemonAddress() const { return m_addrB; }
    QStringList inClient() const; // `ip netns exec A`
    QStringList inDaemon() const;
    // A sysctl of one namespace's network stack (net.ipv4.tcp_rmem, ...).
    bool setSysctl(bool daemonSide, const QString& key, const QString& value) const;
    // The client's end of the link: down (packets go nowhere, no reset) or up.
    bool setLink(bool up) const;

private:
    bool makeVeth(const QString& net);
    bool makeEmulated(const LinkSpec& spec, const QString& net);
    bool run(const QStringList& args);

    QString m_ip, m_a, m_b, m_devA, m_addrB, m_why;
    std::unique_ptr<QProcess> m_emu;
    bool m_ok = false;
};

// A daemon in B serving module "m" (DIR/module, state in DIR/server-state)
// and a client in A paired with it (DIR/client-state).
struct NamespacedDaemon {
    explicit NamespacedDaemon(const ScratchDir& dir, const LinkSpec& spec = {});
    // `floodgate ARGS` run in A.
    CliRun client(const QStringList& args, int timeoutMs = 300000) const;

    LinkedNamespaces net;
    DaemonProcess daemon;
    QString server; // floodgate://ADDRESS:PORT
    QString why;
    bool ok = false;
};

} // namespace fgtest
