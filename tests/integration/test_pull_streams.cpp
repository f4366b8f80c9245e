// A pull's Streams view: the far end sends, so what holds each connection
// back (its RTT as the sender sees it, its window, the send-limit
// chronographs) is the far end's kernel's to say; it comes in its Stats and
// the job's snapshot shows it per connection (StreamSnapshot::senderView).
// Through the public API: an in-process daemon and a Job pulling from it.

#include "test_support.h"

#include <floodgate/identity.h>
#include <floodgate/job.h>
#include <floodgate/server.h>

#include <QTest>

#include <thread>

using namespace fg;
using fgtest::ScratchDir;

class TestPullStreams : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aPullShowsTheSendersViewOfEachConnection()
    {
        ScratchDir dir("fgpull");
        fgtest::writeFile(dir.sub("module/src/big.bin"), fgtest::randomBytes(48u << 20, 5));
        ServerConfig config;
        config.modules.resize(1);
        config.modules[0].name = "m";
        config.modules[0].path = dir.sub("module");
        config.pairCode = "123456";
        config.stateDir = dir.sub("server-state");
        auto server = Server::start(config, nullptr);
        QVERIFY2(server.ok(), server.ok() ? "" : server.error().message.c_str());
        const std::string clientState = dir.sub("client-state");
        auto paired = pairWithServer("127.0.0.1", (*server)->port(), "123456", clientState);
        QVERIFY2(paired.ok(), paired.ok() ? "" : paired.error().message.c_str());

        JobSpec spec;
        spec.source = "floodgate://127.0.0.1:" + std::to_string((*server)->port()) + "/m/src/";
        spec.destination = dir.sub("dst/");
        spec.options.stateDir = clientState;
        spec.options.streams = 2;
        spec.options.bwlimit = RateSchedule::constant(16u << 20); // ~3 s: Stats come every 250 ms
        auto job = Job::create(spec);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        (*job)->start();
        bool sawSenderView = false;
        uint64_t busy = 0;
        while (!(*job)->finished()) {
            const MetricsSnapshot s = (*job)->snapshot();
            for (const auto& st : s.streams) {
                if (!st.senderView) continue;
                sawSenderView = true;
                busy = std::max(busy, st.busyUs);
                QVERIFY(st.minRttUs > 0);
                QVERIFY(!st.congestion.empty());
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        const JobResult result = (*job)->wait();
        QCOMPARE(int(result.state), int(JobState::Done));
        QVERIFY2(sawSenderView, "no snapshot showed the far end's view of a connection");
        QVERIFY(busy > 0); // the sender had data in flight on them
    }
};

QTEST_GUILESS_MAIN(TestPullStreams)
#include "test_pull_streams.moc"
