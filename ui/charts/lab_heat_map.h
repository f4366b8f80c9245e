#pragma once
// The Tuning Lab's answer when two factors vary: a grid of median rates, one
// factor's levels down the side and the other's across the top, each cell
// coloured by its rate (pale: slow, deep blue: fast) with the rate written in
// it, and the best cell framed in green. Where the factors interact ("more
// streams help only with the faster cipher") it shows at a glance, which a row
// of boxes does not. Painted by hand: QtCharts has no heat map.

#include <QString>
#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

namespace fgui {

struct LabHeatGrid {
    enum class Mark { None, Best, LikeBest };
    struct Cell {
        std::optional<double> bytesPerSec; // unset: the setting did not run
        QString tooltip;
        Mark mark = Mark::None;
    };
    QString rowFactor, columnFactor;
    QStringList rowLevels, columnLevels;
    std::vector<Cell> cells; // row-major: rowLevels.size() x columnLevels.size()
};

class LabHeatMap : public QWidget {
    Q_OBJECT
public:
    explicit LabHeatMap(QWidget* parent = nullptr);

    void setGrid(LabHeatGrid grid);
    void clear();
    bool hasGrid() const { return !m_grid.cells.empty(); }
    const LabHeatGrid& grid() const { return m_grid; }
    // What a cell says ("112 MB/s", or "not run"), for tests.
    QString cellText(int row, int column) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override; // tooltips by cell

private:
    struct Layout {
        QRectF grid;
        double cellWidth = 0, cellHeight = 0;
        double titleHeight = 0, labelHeight = 0, rowLabelWidth = 0, legendHeight = 0;
    };
    Layout layoutFor(const QRect& area) const;
    QColor colourFor(double bytesPerSec) const;
    int cellAt(const QPointF& point) const;
    double minCellWidth() const;
    double legendHeight() const;
    int legendWidth() const;

    LabHeatGrid m_grid;
    double m_minRate = 0, m_maxRate = 0;
};

} // namespace fgui
