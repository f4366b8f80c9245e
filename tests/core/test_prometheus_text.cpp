// The daemon's metrics: the Prometheus text for a made-up status (every
// family, labels escaped, counters by module and result), and the door's
// answers to a scrape, a wrong path, a wrong method and garbage.

#include "daemon/metrics_endpoint.h"
#include "daemon/prometheus_text.h"

#include <QTest>

using namespace fg;

namespace {

DaemonStatus madeUp()
{
    DaemonStatus s;
    s.version = "floodgate 0.1.0";
    s.fingerprint = "SHA256:abc";
    s.startedUnix = 1764720000;
    s.maxSessions = 64;
    DaemonStatus::Module photos;
    photos.config.name = "photos";
    photos.freeBytes = 5000000000ull;
    photos.floorBytes = 1000;
    DaemonStatus::Module broken;
    broken.config.name = "odd \"name\"";
    broken.problem = "cannot be written here";
    s.modules = {photos, broken};
    s.clients.push_back({PairedClient{"SHA256:def", "laptop", ""}, 1764720500});
    s.clients.push_back({PairedClient{"SHA256:ghi", "", ""}, 0});
    JobRecord a, b;
    a.module = b.module = "photos";
    a.push = b.push = true;
    a.rate = 1000;
    b.rate = 500;
    s.running = {a, b};
    s.totals["photos"] = ModuleTotals{3, 1, 123456, 0};
    return s;
}

bool hasLine(const std::string& text, const std::string& line)
{
    return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

} // namespace

class TestPrometheusText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyFamilyWithItsSamples()
    {
        const std::string t = prometheusText(madeUp());
        for (const char* line : {
                 "floodgate_info{version=\"floodgate 0.1.0\",fingerprint=\"SHA256:abc\"} 1",
                 "floodgate_start_time_seconds 1764720000",
                 "floodgate_module_free_bytes{module=\"photos\"} 5000000000",
                 "floodgate_module_min_free_bytes{module=\"photos\"} 1000",
                 "floodgate_module_ok{module=\"photos\"} 1",
                 "floodgate_module_ok{module=\"odd \\\"name\\\"\"} 0",
                 "floodgate_paired_clients 2",
                 "floodgate_client_last_contact_seconds{client=\"laptop\",fingerprint=\"SHA256:def\"} 1764720500",
                 "floodgate_client_last_contact_seconds{client=\"SHA256:ghi\",fingerprint=\"SHA256:ghi\"} 0",
                 "floodgate_jobs_running{module=\"photos\",direction=\"push\"} 2",
                 "floodgate_jobs_rate_bytes_per_second{module=\"photos\",direction=\"push\"} 1500",
                 "floodgate_jobs_total{module=\"photos\",result=\"ok\"} 3",
                 "floodgate_jobs_total{module=\"photos\",result=\"failed\"} 1",
                 "floodgate_file_bytes_total{module=\"photos\",direction=\"push\"} 123456",
                 "# TYPE floodgate_jobs_total counter",
             })
            QVERIFY2(hasLine(t, line), (std::string(line) + "\n--- in ---\n" + t).c_str());
        // A module whose free space is unknown has no sample, not a zero.
        QVERIFY(t.find("floodgate_module_free_bytes{module=\"odd") == std::string::npos);
        // Each of the twelve families has its HELP and TYPE once.
        QCOMPARE(int(std::count(t.begin(), t.end(), '#')), 2 * 12);
    }

    void labelsAreEscaped()
    {
        QCOMPARE(QString::fromStdString(prometheusLabel("a\\b\"c\nd")), QStringLiteral("a\\\\b\\\"c\\nd"));
    }

    void theDoorAnswersAScrapeAndNothingElse()
    {
        const MetricsEndpoint::Render render = [] { return std::string("floodgate_up 1\n"); };
        const std::string ok = MetricsEndpoint::answer("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", render);
        QVERIFY(ok.starts_with("HTTP/1.0 200 OK\r\n"));
        QVERIFY(ok.find("Content-Type: text/plain; version=0.0.4") != std::string::npos);
        QVERIFY(ok.find("Content-Length: 15\r\n") != std::string::npos);
        QVERIFY(ok.ends_with("\r\n\r\nfloodgate_up 1\n"));
        QVERIFY(MetricsEndpoint::answer("GET /metrics?x=1 HTTP/1.0\r\n\r\n", render).starts_with("HTTP/1.0 200"));
        const std::string head = MetricsEndpoint::answer("HEAD /metrics HTTP/1.1\r\n\r\n", render);
        QVERIFY(head.starts_with("HTTP/1.0 200") && head.ends_with("\r\n\r\n"));
        QVERIFY(MetricsEndpoint::answer("GET / HTTP/1.1\r\n\r\n", render).starts_with("HTTP/1.0 404"));
        QVERIFY(MetricsEndpoint::answer("GET /../etc/passwd HTTP/1.1\r\n\r\n", render).starts_with("HTTP/1.0 404"));
        QVERIFY(MetricsEndpoint::answer("POST /metrics HTTP/1.1\r\n\r\n", render).starts_with("HTTP/1.0 405"));
        for (const char* junk : {"", "\r\n\r\n", "GET\r\n\r\n", "GET /metrics\r\n\r\n", "\x16\x03\x01\x02\x00"})
            QVERIFY2(MetricsEndpoint::answer(junk, render).starts_with("HTTP/1.0 400"), junk);
    }
};

QTEST_APPLESS_MAIN(TestPrometheusText)
#include "test_prometheus_text.moc"
