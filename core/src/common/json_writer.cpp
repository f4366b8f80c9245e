#include <floodgate/json.h>


#include <cmath>
#include <cstdio>

namespace fg {

size_t utf8SequenceAt(std::string_view s, size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return 1;
    size_t len = 0;
    uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) {
        len = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (i + len > s.size()) return 0;
    for (size_t k = 1; k < len; ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF
        || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

std::string jsonEscape(std::string_view s)
{
    std::string out;
    out.reserve(s.size() + 2);
    out.push_back('"');
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            // JSON text is Unicode: a byte of a name that is not UTF-8 (legal
            // on Linux) becomes U+FFFD, so the document stays valid; the
            // message on stderr shows the byte itself.
            const size_t len = utf8SequenceAt(s, i);
            if (len == 0) {
                out += "\ufffd";
            } else {
                out.append(s.substr(i, len));
                i += len - 1;
            }
            continue;
        }
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out.push_back(char(c));
            }
        }
    }
    out.push_back('"');
    return out;
}

void JsonWriter::separator()
{
    if (m_needComma) m_out.push_back(',');
    m_needComma = true;
}

JsonWriter& JsonWriter::beginObject()
{
    separator();
    m_out.push_back('{');
    m_needComma = false;
    return *this;
}

JsonWriter& JsonWriter::endObject()
{
    m_out.push_back('}');
    m_needComma = true;
    return *this;
}

JsonWriter& JsonWriter::beginArray()
{
    separator();
    m_out.push_back('[');
    m_needComma = false;
    return *this;
}

JsonWriter& JsonWriter::endArray()
{
    m_out.push_back(']');
    m_needComma = true;
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k)
{
    separator();
    m_out += jsonEscape(k);
    m_out.push_back(':');
    m_needComma = false;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view v)
{
    separator();
    m_out += jsonEscape(v);
    return *this;
}

JsonWriter& JsonWriter::value(uint64_t v)
{
    separator();
    m_out += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(int64_t v)
{
    separator();
    m_out += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(double v)
{
    separator();
    if (!std::isfinite(v)) {
        m_out += "null";
        return *this;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    m_out += buf;
    return *this;
}

JsonWriter& JsonWriter::seconds(uint64_t ns)
{
    separator();
    char buf[32];
    std::snprintf(buf, sizeof buf, "%llu.%06llu", static_cast<unsigned long long>(ns / 1'000'000'000),
                  static_cast<unsigned long long>(ns % 1'000'000'000 / 1000));
    m_out += buf;
    return *this;
}

JsonWriter& JsonWriter::value(bool v)
{
    separator();
    m_out += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::value(const std::optional<double>& v)
{
    if (v) return value(*v);
    separator();
    m_out += "null";
    return *this;
}

} // namespace fg
