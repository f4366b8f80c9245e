#include "charts/lab_time_chart.h"

#include "charts/chart_placeholder.h"
#include "charts/chart_style.h"
#include "charts/lab_colors.h"
#include "charts/nice_axis.h"

#include <QBarCategoryAxis>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QCursor>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace fgui {
namespace {

// Settings that are neither best nor like it: a quiet blue-grey, so the green
// ones stand out without the others fading away.
const QColor kPlainBox(0x90, 0xa4, 0xae);
// Clear of the y labels on the left and the settings' labels below.
constexpr QMargins kPlaceholderInset(40, 20, 10, 40);

QColor boxColor(LabTimeBox::Mark mark)
{
    switch (mark) {
    case LabTimeBox::Mark::Best: return labBestColor();
    case LabTimeBox::Mark::LikeBest: return labLikeBestColor();
    case LabTimeBox::Mark::None: break;
    }
    return kPlainBox;
}

} // namespace

LabTimeChart::LabTimeChart(QWidget* parent) : QWidget(parent)
{
    const QFont small = chartSmallFont(font());
    m_chart = makeStyledChart(small);
    // The colours say best / like best / other; the table is the key.
    m_chart->legend()->hide();

    m_series = new QBoxPlotSeries;
    m_series->setBoxWidth(0.55);
    m_chart->addSeries(m_series);

    m_axisX = new QBarCategoryAxis;
    m_axisX->setLabelsFont(small);
    m_axisX->setTitleFont(small);
    m_axisX->setGridLineVisible(false);
    m_axisY = makeStyledValueAxis(QStringLiteral("%g"), small, tr("seconds"));
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    m_series->attachAxis(m_axisX);
    m_series->attachAxis(m_axisY);

    connect(m_series, &QBoxPlotSeries::hovered, this, [](bool entered, QBoxSet* set) {
        if (!entered || !set) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(), set->property("fgTooltip").toString());
    });

    m_view = addStyledChartView(m_chart, this);

    m_placeholder = new ChartPlaceholder(this, kPlaceholderInset);

    setMinimumHeight(160);
    clear();
}

LabTimeChart::~LabTimeChart() = default;

void LabTimeChart::clear() { setBoxes({}, QString()); }

void LabTimeChart::setBoxes(std::vector<LabTimeBox> boxes, const QString& axisTitle)
{
    m_boxes = std::move(boxes);
    m_series->clear();
    QStringList categories;
    double slowest = 0;
    for (const LabTimeBox& box : m_boxes) {
        auto* set = new QBoxSet(box.min, box.lowerQuartile, box.median, box.upperQuartile, box.max, box.label);
        const QColor colour = boxColor(box.mark);
        QColor fill = colour;
        fill.setAlpha(box.mark == LabTimeBox::Mark::None ? 90 : 170);
        set->setBrush(fill);
        QPen pen(colour.darker(box.mark == LabTimeBox::Mark::None ? 130 : 115));
        pen.setWidthF(box.mark == LabTimeBox::Mark::Best ? 2.0 : 1.2);
        set->setPen(pen);
        set->setProperty("fgTooltip", box.tooltip);
        m_series->append(set);
        // Axis labels are rich text: a line break is <br>, not '\n', and the
        // lines are centred under the box only when the text says so.
        categories << QStringLiteral("<div align=\"center\">%1</div>")
                          .arg(box.label.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
        slowest = std::max(slowest, box.max);
    }
    m_axisX->clear();
    m_axisX->append(categories);
    m_axisX->setTitleText(axisTitle);
    m_axisX->setTitleVisible(!axisTitle.isEmpty());
    // From zero: a box a tenth higher than another is a tenth slower, as it looks.
    // The 10 % headroom keeps the slowest whisker off the frame.
    setNiceRange(m_axisY, std::max(slowest * 1.1, 0.1));
    m_placeholder->setChartEmpty(m_boxes.empty());
}

void LabTimeChart::setPlaceholderText(const QString& text) { m_placeholder->setText(text); }

int LabTimeChart::boxCount() const { return int(m_series->count()); }

QString LabTimeChart::boxLabel(int box) const
{
    return box >= 0 && box < int(m_boxes.size()) ? m_boxes[size_t(box)].label : QString();
}

LabTimeBox::Mark LabTimeChart::boxMark(int box) const
{
    return box >= 0 && box < int(m_boxes.size()) ? m_boxes[size_t(box)].mark : LabTimeBox::Mark::None;
}

double LabTimeChart::axisMaxSeconds() const { return m_axisY->max(); }

} // namespace fgui
