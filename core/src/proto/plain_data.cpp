#include "proto/plain_data.h"

#include "net/tcp_stream.h"
#include "net/tls_stream.h"

namespace fg {
namespace {

net::TlsStream* tlsOf(proto::FrameLink& link)
{
    auto* framed = dynamic_cast<proto::StreamFrameLink*>(&link);
    return framed ? dynamic_cast<net::TlsStream*>(&framed->stream()) : nullptr;
}

Error notTls(const proto::FrameLink& link)
{
    return Error(Errc::Internal, "an unencrypted data connection must start as TLS, not " + link.describe());
}

} // namespace

Status preparePlainSwitch(proto::FrameLink& link)
{
    net::TlsStream* tls = tlsOf(link);
    if (!tls) return notTls(link);
    tls->readRecordsExactly();
    return {};
}

Status switchToPlain(proto::FrameLink& link, int timeoutMs)
{
    auto* framed = dynamic_cast<proto::StreamFrameLink*>(&link);
    if (!framed || !tlsOf(link)) return notTls(link);
    return framed->switchStream([timeoutMs](net::Stream& current) -> Result<net::StreamPtr> {
        auto& tls = static_cast<net::TlsStream&>(current);
        FG_TRY_ASSIGN(platform::Socket socket, tls.endTlsKeepSocket(timeoutMs));
        return net::StreamPtr(std::make_unique<net::TcpStream>(std::move(socket)));
    });
}

std::string linkProtection(const proto::FrameLink& link)
{
    const auto* framed = dynamic_cast<const proto::StreamFrameLink*>(&link);
    if (!framed) return {};
    if (const auto* tls = dynamic_cast<const net::TlsStream*>(&framed->stream())) return tls->cipherName();
    if (dynamic_cast<const net::TcpStream*>(&framed->stream())) return kUnencrypted;
    return {};
}

bool linkEncrypts(const proto::FrameLink& link)
{
    const auto* framed = dynamic_cast<const proto::StreamFrameLink*>(&link);
    return framed && dynamic_cast<const net::TlsStream*>(&framed->stream());
}

} // namespace fg
