#include "charts/lab_heat_map.h"

#include "charts/chart_style.h"
#include "charts/lab_colors.h"
#include "widgets/format.h"

#include <QHelpEvent>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace fgui {
namespace {

constexpr int kMargin = 8;
// Cells wider or taller than this only spread the numbers apart: a grid of four
// in a wide window stays a compact block at the top left.
constexpr double kMaxCellWidth = 180;
constexpr double kMaxCellHeight = 64;
constexpr double kLegendBarWidth = 160;
constexpr double kLegendBarHeight = 10;

// Pale to deep blue: a sequential scale read as "more", the same hue as the
// throughput chart's line. Stops picked so neighbouring cells stay apart.
const QColor kRamp[] = {QColor(0xe3, 0xf2, 0xfd), QColor(0x90, 0xca, 0xf9), QColor(0x42, 0xa5, 0xf5),
                        QColor(0x15, 0x65, 0xc0), QColor(0x0d, 0x2f, 0x6e)};

QColor ramp(double t)
{
    t = std::clamp(t, 0.0, 1.0);
    constexpr int kSegments = int(std::size(kRamp)) - 1;
    const double at = t * kSegments;
    const int i = std::min(int(at), kSegments - 1);
    const double f = at - i;
    const QColor& a = kRamp[i];
    const QColor& b = kRamp[i + 1];
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * f), float(a.greenF() + (b.greenF() - a.greenF()) * f),
                            float(a.blueF() + (b.blueF() - a.blueF()) * f));
}

// White writing on the deep end of the ramp, black on the pale end.
QColor textOn(const QColor& fill)
{
    const double luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return luminance < 0.5 ? QColor(Qt::white) : QColor(0x21, 0x21, 0x21);
}

QFont bold(QFont f)
{
    f.setBold(true);
    return f;
}

} // namespace

LabHeatMap::LabHeatMap(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void LabHeatMap::clear() { setGrid({}); }

void LabHeatMap::setGrid(LabHeatGrid grid)
{
    m_grid = std::move(grid);
    m_minRate = 0;
    m_maxRate = 0;
    bool any = false;
    for (const auto& cell : m_grid.cells) {
        if (!cell.bytesPerSec) continue;
        m_minRate = any ? std::min(m_minRate, *cell.bytesPerSec) : *cell.bytesPerSec;
        m_maxRate = any ? std::max(m_maxRate, *cell.bytesPerSec) : *cell.bytesPerSec;
        any = true;
    }
    updateGeometry();
    update();
}

QString LabHeatMap::cellText(int row, int column) const
{
    const int columns = int(m_grid.columnLevels.size());
    const int index = row * columns + column;
    if (row < 0 || column < 0 || column >= columns || index >= int(m_grid.cells.size())) return {};
    const auto& rate = m_grid.cells[size_t(index)].bytesPerSec;
    return rate ? formatRate(*rate) : tr("not run");
}

QColor LabHeatMap::colourFor(double bytesPerSec) const
{
    // All alike (or one cell): the middle of the ramp, not its pale end, which
    // would read as "slow".
    if (m_maxRate - m_minRate <= 0) return ramp(0.5);
    return ramp((bytesPerSec - m_minRate) / (m_maxRate - m_minRate));
}

double LabHeatMap::legendHeight() const
{
    const QFontMetrics small(chartSmallFont(font()));
    return 10 + small.height() + 2 + kLegendBarHeight + 8 + kLegendBarHeight + 2 + 4;
}

int LabHeatMap::legendWidth() const
{
    const QFontMetrics small(chartSmallFont(font()));
    const int scale = small.horizontalAdvance(formatRate(m_minRate)) + 6 + int(kLegendBarWidth) + 6 +
                      small.horizontalAdvance(formatRate(m_maxRate));
    const int frames = 2 * (int(kLegendBarHeight) + 2 + 5) + small.horizontalAdvance(tr("best")) + 14 +
                       small.horizontalAdvance(tr("no measurable difference"));
    return std::max(scale, frames);
}

double LabHeatMap::minCellWidth() const
{
    const QFontMetrics fm(font());
    return fm.horizontalAdvance(QStringLiteral("888 MB/s")) + 16;
}

QSize LabHeatMap::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    const QFontMetrics small(chartSmallFont(font()));
    const int columns = std::max<int>(1, int(m_grid.columnLevels.size()));
    const int rows = std::max<int>(1, int(m_grid.rowLevels.size()));
    int rowLabel = 0;
    for (const QString& level : m_grid.rowLevels) rowLabel = std::max(rowLabel, fm.horizontalAdvance(level));
    const int left = kMargin + small.height() + 4 + rowLabel + 10;
    const int width = std::max(left + int(columns * minCellWidth()), left + legendWidth()) + kMargin;
    const int height = 2 * kMargin + small.height() + 4 + fm.height() + 6 + rows * (2 * fm.height()) + int(legendHeight());
    return {width, height};
}

QSize LabHeatMap::sizeHint() const
{
    const QSize min = minimumSizeHint();
    return {min.width() + 120, min.height() + 60};
}

LabHeatMap::Layout LabHeatMap::layoutFor(const QRect& area) const
{
    const QFontMetrics fm(font());
    const QFontMetrics small(chartSmallFont(font()));
    Layout l;
    l.titleHeight = small.height() + 4;
    l.labelHeight = fm.height() + 6;
    for (const QString& level : m_grid.rowLevels) l.rowLabelWidth = std::max(l.rowLabelWidth, double(fm.horizontalAdvance(level)));
    l.rowLabelWidth += 10;
    l.legendHeight = legendHeight();
    const double left = area.left() + kMargin + l.titleHeight + l.rowLabelWidth;
    const double top = area.top() + kMargin + l.titleHeight + l.labelHeight;
    const double width = std::max(0.0, area.right() - kMargin - left);
    const double height = std::max(0.0, area.bottom() - kMargin - l.legendHeight - top);
    const int columns = std::max<int>(1, int(m_grid.columnLevels.size()));
    const int rows = std::max<int>(1, int(m_grid.rowLevels.size()));
    l.cellWidth = std::min(kMaxCellWidth, width / columns);
    l.cellHeight = std::min(kMaxCellHeight, height / rows);
    l.grid = QRectF(left, top, l.cellWidth * columns, l.cellHeight * rows);
    return l;
}

int LabHeatMap::cellAt(const QPointF& point) const
{
    if (!hasGrid()) return -1;
    const Layout l = layoutFor(rect());
    if (!l.grid.contains(point) || l.cellWidth <= 0 || l.cellHeight <= 0) return -1;
    const int column = int((point.x() - l.grid.left()) / l.cellWidth);
    const int row = int((point.y() - l.grid.top()) / l.cellHeight);
    const int index = row * int(m_grid.columnLevels.size()) + column;
    return index < int(m_grid.cells.size()) ? index : -1;
}

bool LabHeatMap::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int cell = cellAt(help->pos());
        if (cell >= 0 && !m_grid.cells[size_t(cell)].tooltip.isEmpty()) {
            QToolTip::showText(help->globalPos(), m_grid.cells[size_t(cell)].tooltip, this);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

void LabHeatMap::paintEvent(QPaintEvent*)
{
    if (!hasGrid()) return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const Layout l = layoutFor(rect());
    if (l.cellWidth <= 0 || l.cellHeight <= 0) return;
    const QFont normal = font();
    const QFont small = chartSmallFont(normal);
    const QColor text = palette().color(QPalette::WindowText);
    const QColor quiet = palette().color(QPalette::PlaceholderText);
    const int columns = int(m_grid.columnLevels.size());
    const int rows = int(m_grid.rowLevels.size());

    // The factors: the columns' above their levels, the rows' turned up the left side.
    p.setFont(bold(small));
    p.setPen(text);
    const QRectF columnTitle(l.grid.left(), kMargin, l.grid.width(), l.titleHeight);
    p.drawText(columnTitle, Qt::AlignHCenter | Qt::AlignVCenter,
               QFontMetrics(bold(small)).elidedText(m_grid.columnFactor, Qt::ElideRight, int(columnTitle.width())));
    p.save();
    p.translate(kMargin, l.grid.top() + l.grid.height() / 2);
    p.rotate(-90);
    const QRectF rowTitle(-l.grid.height() / 2, 0, l.grid.height(), l.titleHeight);
    p.drawText(rowTitle, Qt::AlignHCenter | Qt::AlignVCenter,
               QFontMetrics(bold(small)).elidedText(m_grid.rowFactor, Qt::ElideRight, int(rowTitle.width())));
    p.restore();

    p.setFont(normal);
    const QFontMetrics fm(normal);
    for (int c = 0; c < columns; ++c) {
        const QRectF label(l.grid.left() + c * l.cellWidth, l.grid.top() - l.labelHeight, l.cellWidth, l.labelHeight);
        p.drawText(label.adjusted(2, 0, -2, -3), Qt::AlignHCenter | Qt::AlignBottom,
                   fm.elidedText(m_grid.columnLevels[c], Qt::ElideMiddle, int(label.width()) - 4));
    }
    for (int r = 0; r < rows; ++r) {
        const QRectF label(l.grid.left() - l.rowLabelWidth, l.grid.top() + r * l.cellHeight, l.rowLabelWidth - 8,
                           l.cellHeight);
        p.drawText(label, Qt::AlignRight | Qt::AlignVCenter, m_grid.rowLevels[r]);
    }

    // The cells, then the frames of the best and the like-best over them, so a
    // neighbour's fill never covers half a frame.
    constexpr double kGap = 2;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            const auto& cell = m_grid.cells[size_t(r * columns + c)];
            const QRectF box = QRectF(l.grid.left() + c * l.cellWidth, l.grid.top() + r * l.cellHeight, l.cellWidth,
                                      l.cellHeight)
                                   .adjusted(kGap, kGap, -kGap, -kGap);
            if (!cell.bytesPerSec) {
                p.setPen(Qt::NoPen);
                p.setBrush(QBrush(QColor(0xee, 0xee, 0xee)));
                p.drawRoundedRect(box, 3, 3);
                p.setPen(quiet);
                p.drawText(box, Qt::AlignCenter, fm.elidedText(cellText(r, c), Qt::ElideRight, int(box.width()) - 4));
                continue;
            }
            const QColor fill = colourFor(*cell.bytesPerSec);
            p.setPen(Qt::NoPen);
            p.setBrush(fill);
            p.drawRoundedRect(box, 3, 3);
            p.setPen(textOn(fill));
            p.setFont(cell.mark == LabHeatGrid::Mark::Best ? bold(normal) : normal);
            p.drawText(box, Qt::AlignCenter, fm.elidedText(cellText(r, c), Qt::ElideRight, int(box.width()) - 4));
            p.setFont(normal);
        }
    }
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            const auto& cell = m_grid.cells[size_t(r * columns + c)];
            if (cell.mark == LabHeatGrid::Mark::None) continue;
            const QRectF box = QRectF(l.grid.left() + c * l.cellWidth, l.grid.top() + r * l.cellHeight, l.cellWidth,
                                      l.cellHeight)
                                   .adjusted(1, 1, -1, -1);
            const bool best = cell.mark == LabHeatGrid::Mark::Best;
            QPen frame(best ? labBestColor() : labLikeBestColor(), best ? 3.5 : 2.0);
            if (!best) frame.setStyle(Qt::DashLine);
            p.setPen(frame);
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(box, 4, 4);
        }
    }

    // The legend: the scale from slowest to fastest, then what the frames mean.
    p.setFont(small);
    const QFontMetrics sm(small);
    const double left = l.grid.left();
    double y = l.grid.bottom() + 10;
    auto textAt = [&](double x, double top, double height, const QString& s) {
        p.drawText(QPointF(x, top + height / 2 + (sm.ascent() - sm.descent()) / 2.0), s);
    };
    p.setPen(quiet);
    textAt(left, y, sm.height(), tr("Median rate"));
    y += sm.height() + 2;
    const QString low = formatRate(m_minRate);
    const QString high = formatRate(m_maxRate);
    double x = left;
    p.setPen(text);
    textAt(x, y, kLegendBarHeight, low);
    x += sm.horizontalAdvance(low) + 6;
    QLinearGradient gradient(x, 0, x + kLegendBarWidth, 0);
    for (int i = 0; i < int(std::size(kRamp)); ++i) gradient.setColorAt(double(i) / (std::size(kRamp) - 1), kRamp[i]);
    p.setPen(Qt::NoPen);
    p.setBrush(gradient);
    p.drawRect(QRectF(x, y, kLegendBarWidth, kLegendBarHeight));
    x += kLegendBarWidth + 6;
    p.setPen(text);
    textAt(x, y, kLegendBarHeight, high);
    y += kLegendBarHeight + 8;

    x = left;
    const double box = kLegendBarHeight + 2;
    p.setPen(QPen(labBestColor(), 2.5));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(QRectF(x, y, box, box), 2, 2);
    x += box + 5;
    p.setPen(text);
    const QString bestText = tr("best");
    textAt(x, y, box, bestText);
    x += sm.horizontalAdvance(bestText) + 14;
    QPen dashed(labLikeBestColor(), 2.0);
    dashed.setStyle(Qt::DashLine);
    p.setPen(dashed);
    p.drawRoundedRect(QRectF(x, y, box, box), 2, 2);
    x += box + 5;
    p.setPen(text);
    textAt(x, y, box, tr("no measurable difference"));
}

} // namespace fgui
