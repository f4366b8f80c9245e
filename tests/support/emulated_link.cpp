#include "emulated_link.h"

#include <QStandardPaths>
#include <QThread>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace fgtest {
namespace {

QString findTool(const char* name)
{
    QString p = QStandardPaths::findExecutable(QString::fromLatin1(name));
    if (p.isEmpty()) p = QStandardPaths::findExecutable(QString::fromLatin1(name), {u"/usr/sbin"_s, u"/sbin"_s});
    return p;
}

} // namespace

LinkedNamespaces::LinkedNamespaces(const LinkSpec& spec)
{
    m_ip = findTool("ip");
    if (m_ip.isEmpty()) {
        m_why = u"ip (iproute2) is not installed"_s;
        return;
    }
    static int made = 0; // several in one test process get names of their own
    const QString tag = QString::number(::getpid() % 100000) + u"x"_s + QString::number(made++);
    m_a = u"fgA"_s + tag;
    m_b = u"fgB"_s + tag;
    const QString net = u"10.%1.%2."_s.arg(78 + made % 100).arg(::getpid() % 250 + 1);
    m_addrB = net + u"2"_s;
    if (!run({u"netns"_s, u"add"_s, m_a}) || !run({u"netns"_s, u"add"_s, m_b})) return;
    if (!(spec.emulated ? makeEmulated(spec, net) : makeVeth(net))) return;
    for (const QString& ns : {m_a, m_b}) {
        if (!run({u"-n"_s, ns, u"link"_s, u"set"_s, u"lo"_s, u"up"_s})) return;
        // Each run's connections start afresh, as the benchmark's do.
        if (!setSysctl(ns == m_b, u"net.ipv4.tcp_no_metrics_save"_s, u"1"_s)) return;
    }
    m_ok = true;
}

LinkedNamespaces::~LinkedNamespaces()
{
    if (m_emu) {
        m_emu->terminate();
        if (!m_emu->waitForFinished(5000)) m_emu->kill();
        m_emu->waitForFinished(5000);
    }
    if (m_ip.isEmpty()) return;
    for (const QString& ns : {m_a, m_b})
        if (!ns.isEmpty()) (void)runProgram(m_ip, {u"netns"_s, u"del"_s, ns}, 20000);
}

QStringList LinkedNamespaces::inClient() const { return {m_ip, u"netns"_s, u"exec"_s, m_a}; }
QStringList LinkedNamespaces::inDaemon() const { return {m_ip, u"netns"_s, u"exec"_s, m_b}; }

bool LinkedNamespaces::run(const QStringList& args)
{
    CliRun r = runProgram(m_ip, args, 20000);
    if (r.exitCode == 0) return true;
    m_why = u"cannot make network namespaces here (ip "_s + args.join(u' ') + u"): "_s + QString::fromUtf8(r.err);
    return false;
}

bool LinkedNamespaces::makeVeth(const QString& net)
{
    const QString vA = u"fgva"_s + m_a.mid(3), vB = u"fgvb"_s + m_b.mid(3);
    m_devA = vA;
    return run({u"link"_s, u"add"_s, vA, u"netns"_s, m_a, u"type"_s, u"veth"_s, u"peer"_s, u"name"_s, vB, u"netns"_s, m_b})
        && run({u"-n"_s, m_a, u"addr"_s, u"add"_s, net + u"1/24"_s, u"dev"_s, vA})
        && run({u"-n"_s, m_b, u"addr"_s, u"add"_s, net + u"2/24"_s, u"dev"_s, vB})
        && run({u"-n"_s, m_a, u"link"_s, u"set"_s, vA, u"up"_s}) && run({u"-n"_s, m_b, u"link"_s, u"set"_s, vB, u"up"_s});
}

bool LinkedNamespaces::makeEmulated(const LinkSpec& spec, const QString& net)
{
    m_devA = u"fgemu0"_s;
    QStringList args{u"--ns-a"_s, u"/run/netns/"_s + m_a, u"--ns-b"_s, u"/run/netns/"_s + m_b, u"--dev"_s, m_devA};
    if (!spec.rate.isEmpty()) args << u"--rate"_s << spec.rate;
    if (!spec.delay.isEmpty()) args << u"--delay"_s << spec.delay;
    if (!spec.queue.isEmpty()) args << u"--queue"_s << spec.queue;
    if (spec.loss > 0) args << u"--loss"_s << QString::number(spec.loss);
    m_emu = std::make_unique<QProcess>();
    m_emu->setProcessChannelMode(QProcess::SeparateChannels);
    m_emu->start(QString::fromUtf8(FG_LINKEMU_PATH), args);
    if (!m_emu->waitForStarted(10000) || !m_emu->waitForReadyRead(10000)
        || !m_emu->readLine().trimmed().startsWith("ready")) {
        m_why = u"linkemu did not start: "_s + QString::fromUtf8(m_emu->readAllStandardError());
        return false;
    }
    const QString a = net + u"1"_s, b = net + u"2"_s;
    for (const auto& [ns, me, peer] : {std::tuple{m_a, a, b}, std::tuple{m_b, b, a}}) {
        if (!run({u"-n"_s, ns, u"addr"_s, u"add"_s, me, u"peer"_s, peer, u"dev"_s, m_devA})) return false;
        // A long TUN queue: its ring drops silently when full, and a drop
        // there (the emulator busy for a moment) is not the link's doing.
        if (!run({u"-n"_s, ns, u"link"_s, u"set"_s, m_devA, u"mtu"_s, u"1500"_s, u"txqueuelen"_s, u"10000"_s, u"up"_s}))
            return false;
    }
    return true;
}

bool LinkedNamespaces::setSysctl(bool daemonSide, const QString& key, const QString& value) const
{
    const QStringList in = daemonSide ? inDaemon() : inClient();
    const QString sysctl = findTool("sysctl");
    if (sysctl.isEmpty()) return false;
    return runProgram(in.front(), in.mid(1) + QStringList{sysctl, u"-q"_s, u"-w"_s, key + u"="_s + value}, 20000)
               .exitCode
        == 0;
}

bool LinkedNamespaces::setLink(bool up) const
{
    const QStringList args = {u"-n"_s, m_a, u"link"_s, u"set"_s, m_devA, up ? u"up"_s : u"down"_s};
    return runProgram(m_ip, args, 20000).exitCode == 0;
}

NamespacedDaemon::NamespacedDaemon(const ScratchDir& dir, const LinkSpec& spec) : net(spec)
{
    if (!net.ok()) {
        why = net.why();
        return;
    }
    writeFile(dir.sub("module/.keep"), "");
    daemon.setLauncher(net.inDaemon());
    if (!daemon.start({u"--listen"_s, net.daemonAddress() + u":0"_s, u"--module"_s, q("m=" + dir.sub("module")),
                       u"--state-dir"_s, q(dir.sub("server-state"))},
                      q(dir.sub("serve.log")), &why))
        return;
    server = u"floodgate://%1:%2"_s.arg(net.daemonAddress()).arg(daemon.port());
    CliRun paired = client({u"pair"_s, server, u"--code"_s, daemon.pairCode(), u"--state-dir"_s,
                            q(dir.sub("client-state"))},
                           30000);
    if (paired.exitCode != 0) {
        why = u"pairing across the namespaces failed: "_s + QString::fromUtf8(paired.err);
        return;
    }
    ok = true;
}

CliRun NamespacedDaemon::client(const QStringList& args, int timeoutMs) const
{
    const QStringList in = net.inClient();
    return runProgram(in.front(), in.mid(1) + QStringList{cliPath()} + args, timeoutMs);
}

} // namespace fgtest
