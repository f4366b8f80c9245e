#include "client/session.h"

#include "net/pipe_stream.h"
#include "platform/process.h"

namespace fg {

Result<proto::JobAcceptMsg> requestJob(proto::FrameLink& link, const proto::JobRequestMsg& request, bool helloPending)
{
    FG_TRY(link.send(proto::toFrame(request)));
    return awaitJobAccept(link, request, helloPending);
}

Result<proto::JobAcceptMsg> awaitJobAccept(proto::FrameLink& link, const proto::JobRequestMsg& request,
                                           bool helloPending)
{
    if (helloPending) {
        FG_TRY_ASSIGN(proto::HelloMsg hello, readHello(link));
        // A server without the capability would take the flag for an unknown
        // bit and stay encrypted; stop before any data connection switches.
        if (request.plainData && !(hello.capabilities & proto::kCapPlainData))
            return Error(Errc::Protocol, "the server (" + hello.software
                                             + ") cannot carry file data unencrypted (--cipher none); update it, "
                                               "or choose a cipher");
    }
    return proto::receiveAnswer<proto::JobAcceptMsg>(link);
}

Result<std::vector<std::string>> sshCommandFor(const Endpoint& endpoint, const SyncOptions& options)
{
    FG_TRY_ASSIGN(std::vector<std::string> argv, platform::splitCommandLine(options.rsh.empty() ? "ssh" : options.rsh));
    if (!endpoint.user.empty()) {
        argv.push_back("-l");
        argv.push_back(endpoint.user);
    }
    if (!options.sshCipher.empty()) {
        FG_TRY(checkSshCipher(options.sshCipher));
        argv.push_back("-c");
        argv.push_back(options.sshCipher);
    }
    // "--" would end ssh's options, but some rsh replacements do not know it;
    // a host name starting with '-' is refused instead.
    if (!endpoint.host.empty() && endpoint.host.front() == '-')
        return Error(Errc::InvalidArgument, "host name '" + endpoint.host + "' starts with '-'");
    argv.push_back(endpoint.host);
    // The remote shell reads this line, as with rsync's --rsync-path.
    argv.push_back((options.remoteFloodgate.empty() ? std::string("floodgate") : options.remoteFloodgate)
                   + " serve --stdio");
    return argv;
}

Result<proto::FrameLinkPtr> connectSsh(const Endpoint& endpoint, const SyncOptions& options)
{
    FG_TRY_ASSIGN(std::vector<std::string> argv, sshCommandFor(endpoint, options));
    FG_TRY_ASSIGN(platform::ChildProcess child, platform::ChildProcess::spawn(argv));
    auto stream = std::make_unique<net::PipeStream>(std::move(child), "ssh " + endpoint.host);
    auto link = std::make_unique<proto::StreamFrameLink>(std::move(stream));
    auto hello = exchangeHello(*link);
    if (!hello.ok()) {
        Error e = hello.error();
        if (e.code == Errc::Network)
            e.message = "could not start floodgate on " + endpoint.host + " over ssh (" + e.message
                      + "); check that `ssh " + endpoint.host + "` works and that floodgate is installed there "
                        "(or name it with --remote-floodgate PATH)"
                      + (options.sshCipher.empty() ? std::string()
                                                   : ", and that its sshd accepts --ssh-cipher " + options.sshCipher);
        return e;
    }
    return proto::FrameLinkPtr(std::move(link));
}

} // namespace fg
