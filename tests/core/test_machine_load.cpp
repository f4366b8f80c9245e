// The machine readings the diagnosis stands on: this process's CPU time
// grows with work done; write-back and I/O stalls read from this kernel where
// it says (and, where it does not, they are unset rather than zero).

#include "diagnosis/readings.h"
#include "platform/cpu.h"
#include "platform/machine_load.h"

#include <QFile>
#include <QTest>

#include <chrono>

using namespace fg;

namespace {

// Arithmetic on this thread until `counter` grew by `seconds` (at most 20 s
// of wall time); false if it never did.
template <typename Counter>
bool spinUntil(Counter counter, double seconds)
{
    const auto start = counter();
    if (!start) return false;
    volatile uint64_t sink = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        for (int i = 0; i < 100000; ++i) sink = sink * 31 + uint64_t(i);
        const auto now = counter();
        if (now && *now - *start >= seconds) return true;
    }
    return false;
}

} // namespace

class TestMachineLoad : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Each counter is checked against the other: work on this thread until
    // one of them says 150 ms were spent (a wall-clock budget would fail on a
    // loaded machine, where 200 ms of wall time can hold 95 ms of CPU).
    void cpuTimeGrowsWithWork()
    {
        const auto before = platform::processCpuSeconds();
        QVERIFY(before.has_value());
        QVERIFY(spinUntil([] { return platform::threadCpuSeconds(); }, 0.15));
        const auto after = platform::processCpuSeconds();
        QVERIFY(after.has_value());
        QVERIFY2(*after - *before >= 0.1, qPrintable(QString::number(*after - *before)));
        // And not while asleep.
        const auto idle = platform::processCpuSeconds();
        QTest::qSleep(200);
        QVERIFY(*platform::processCpuSeconds() - *idle < 0.1);
    }

    void threadCpuTimeIsThisThreadsOnly()
    {
        const auto before = platform::threadCpuSeconds();
        QVERIFY(before.has_value());
        QVERIFY(spinUntil([] { return platform::processCpuSeconds(); }, 0.15));
        const double worked = *platform::threadCpuSeconds() - *before;
        QVERIFY2(worked >= 0.1, qPrintable(QString::number(worked)));
        QTest::qSleep(150);
        QVERIFY(*platform::threadCpuSeconds() - *before - worked < 0.05);
    }

    void eachCoresInterruptTimeAndTheBusiestOne()
    {
#ifndef Q_OS_LINUX
        QSKIP("per-CPU interrupt times are read from Linux's /proc/stat");
#endif
        if (!QFile::exists(QStringLiteral("/proc/stat"))) QSKIP("no /proc/stat");
        auto cpus = platform::perCpuInterruptTimes();
        QVERIFY2(cpus.ok(), cpus.ok() ? "" : cpus.error().message.c_str());
        QVERIFY(!cpus->empty());
        for (const auto& c : *cpus) QVERIFY(c.interrupt <= c.total);
        diagnosis::InterruptMeter meter;
        QVERIFY(!meter.sample()); // nothing to compare with yet
        QTest::qSleep(200);
        const auto load = meter.sample();
        QVERIFY(load.has_value());
        QVERIFY(load->share >= 0 && load->share <= 1);
        bool known = false;
        for (const auto& c : *cpus) known = known || c.cpu == load->cpu;
        QVERIFY(known);
    }

    void writebackAsTheKernelSaysIt()
    {
        const auto wb = platform::readWriteback();
#if defined(__linux__)
        QVERIFY(wb.has_value()); // /proc/vmstat is always there on Linux
        QVERIFY(wb->thresholdBytes > 0);
        QVERIFY(wb->backgroundBytes <= wb->thresholdBytes);
        // A write leaves dirty pages behind it (unless write-back is quick
        // enough to take them all first: then the count is merely sane).
        QVERIFY(wb->dirtyBytes < (uint64_t(1) << 50));
#else
        QVERIFY(!wb.has_value());
#endif
    }

    void ioStallsWhereTheKernelHasPsi()
    {
        // PSI may be built in and switched off at boot: then the file is
        // there but reads nothing.
        QFile file(QStringLiteral("/proc/pressure/io"));
#ifdef Q_OS_LINUX
        const bool psi = file.open(QIODevice::ReadOnly) && file.readAll().startsWith("some ");
#else
        const bool psi = false; // Linux's PSI (under Wine, the Linux host's file is visible but not this system's)
#endif
        const auto first = platform::ioStallMicroseconds();
        QCOMPARE(first.has_value(), psi);
        if (!psi) QSKIP("this kernel has no PSI: the reading is unset, as it should be");
        const auto second = platform::ioStallMicroseconds();
        QVERIFY(second.has_value() && *second >= *first);
    }
};

QTEST_APPLESS_MAIN(TestMachineLoad)
#include "test_machine_load.moc"
