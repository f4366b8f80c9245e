<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>LabReportReader</name>
    <message>
        <location filename="../lab/lab_report_reader.cpp" line="+110"/>
        <source>Not JSON: %1 (at byte %2)</source>
        <translation>不是 JSON：%1（位于第 %2 字节）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not a Floodgate lab experiment: it has no trials or no summary of settings (save one from the Tuning Lab, or run `floodgate lab --json`)</source>
        <translation>不是 Floodgate 实验室的实验：其中没有试验，或没有配置汇总（请在调优实验室中保存，或运行 `floodgate lab --json`）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>A setting in the summary has no name</source>
        <translation>汇总中有一个配置没有名称</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>A trial of &quot;%1&quot;, a setting the summary does not list</source>
        <translation>有一次试验属于配置“%1”，但汇总中没有列出该配置</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The best setting &quot;%1&quot; is not among the settings</source>
        <translation>最佳配置“%1”不在配置列表中</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is too big to be a lab experiment</source>
        <translation>%1 太大，不可能是实验室的实验</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>fgui::BottleneckStrip</name>
    <message>
        <location filename="../charts/bottleneck_strip.cpp" line="+62"/>
        <source>limit</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location line="+20"/>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1%2 from %3 s to %4 s</source>
        <translation>%1%2：%3 s 至 %4 s</translation>
    </message>
</context>
<context>
    <name>fgui::FileTableModel</name>
    <message>
        <location filename="../models/file_table_model.cpp" line="+356"/>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fix attributes</source>
        <translation>修正属性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link</source>
        <translation>链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>create folder</source>
        <translation>创建文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged</source>
        <translation>未更改</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>active</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attributes fixed</source>
        <translation>属性已修正</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>linked</source>
        <translation>已链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not transferred</source>
        <translation>未传输</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Method</source>
        <translation>方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
</context>
<context>
    <name>fgui::HistoryChart</name>
    <message>
        <location filename="../charts/history_chart.cpp" line="+45"/>
        <source>Rate (MB/s)</source>
        <translation>速率（MB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration (s)</source>
        <translation>用时（秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed or cancelled</source>
        <translation>失败或已取消</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
</context>
<context>
    <name>fgui::HistoryModel</name>
    <message>
        <location filename="../models/history_model.cpp" line="+47"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>OK</source>
        <translation>成功</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Partial (exit %1)</source>
        <translation>部分完成（退出码 %1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed (exit %1)</source>
        <translation>失败（退出码 %1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schedule</source>
        <translation>计划</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command line</source>
        <translation>命令行</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(not saved)</source>
        <translation>（未保存）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Suggested: %1</source>
        <translation>建议：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job</source>
        <translation>任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>用时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data</source>
        <translation>数据量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limited by</source>
        <translation>受限于</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started from</source>
        <translation>启动方式</translation>
    </message>
</context>
<context>
    <name>fgui::HistoryWindow</name>
    <message>
        <location filename="../widgets/history_window.cpp" line="+39"/>
        <source>History — Floodgate</source>
        <translation>历史记录 — Floodgate</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Job:</source>
        <translation>任务：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the history again (runs from the command line or a schedule appear)</source>
        <translation>重新读取历史记录（显示从命令行或按计划运行的记录）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No runs yet: each run of this job adds its rate and duration here.</source>
        <translation>尚无运行记录：此任务每运行一次，都会在这里添加其速率和用时。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Choose a run to see its command, errors and log.</source>
        <translation>选择一次运行，查看其命令、错误和日志。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save this run&apos;s command, errors and log to a text file</source>
        <translation>将本次运行的命令、错误和日志保存到文本文件</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Export the run</source>
        <translation>导出运行记录</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Text files (*.txt)</source>
        <translation>文本文件 (*.txt)</translation>
    </message>
    <message>
        <location line="+147"/>
        <source>The history cannot be read: %1</source>
        <translation>无法读取历史记录：%1</translation>
    </message>
    <message numerus="yes">
        <location line="-75"/>
        <source>%n run(s) could not be recorded; the last: %1</source>
        <translation>
            <numerusform>有 %n 次运行未能记录；最后一次：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 次运行</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source>All jobs</source>
        <translation>所有任务</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This run cannot be read: %1</source>
        <translation>无法读取此运行记录：%1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The run could not be exported to %1: %2</source>
        <translation>无法将运行记录导出到 %1：%2</translation>
    </message>
</context>
<context>
    <name>fgui::JobForm</name>
    <message>
        <location filename="../widgets/job_form.cpp" line="+104"/>
        <source>Use 1M to 4G (or leave empty for auto): smaller chunks cost more than they spread, bigger ones cannot balance the streams</source>
        <translation>请使用 1M 到 4G（留空表示自动）：分块更小，开销会超过分摊带来的好处；更大则无法在各数据流之间均衡</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Suffix: &apos;%1&apos; holds a /, which a file name cannot</source>
        <translation>后缀：“%1”含有 /，而文件名中不能有 /</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Suffix: longer than 64 bytes</source>
        <translation>后缀：超过 64 字节</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Backups: %1</source>
        <translation>备份：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Link unchanged files from: at most %1 folders, not %2</source>
        <translation>链接未更改文件的来源：最多 %1 个文件夹，而不是 %2 个</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+675"/>
        <location line="+437"/>
        <location line="+483"/>
        <source>Keep partial files in</source>
        <translation>未完成文件保存在</translation>
    </message>
    <message>
        <location line="-1594"/>
        <source>Keep replaced and deleted files</source>
        <translation>保留被替换和删除的文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>“Write files in place” and “%1”: %2</source>
        <translation>“就地写入文件”与“%1”：%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>1 day</source>
        <translation>1 天</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Skip the contents of folders holding: &apos;%1&apos; is a path; give a file name such as .nobackup</source>
        <translation>跳过含有此文件的文件夹的内容：“%1”是路径；请填写文件名，例如 .nobackup</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Give everything to: write USER, :GROUP or USER:GROUP</source>
        <translation>全部归属于：请填写 USER、:GROUP 或 USER:GROUP</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Local folder</source>
        <translation>本地文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local folder: its contents are synced</source>
        <translation>本地文件夹：同步其中的内容</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local folder: copied as a folder (end with / to sync its contents)</source>
        <translation>本地文件夹：作为文件夹整体复制（以 / 结尾则同步其中的内容）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Floodgate daemon %1:%2, module “%3”</source>
        <translation>Floodgate 守护进程 %1:%2，模块“%3”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, path %1</source>
        <translation>，路径 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>SSH to %1, path %2</source>
        <translation>通过 SSH 连接 %1，路径 %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(home folder)</source>
        <translation>（主文件夹）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Folder, floodgate://host:port/module/path or user@host:path</source>
        <translation>文件夹、floodgate://host:port/module/path 或 user@host:path</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Source</source>
        <translation>源</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Destination</source>
        <translation>目标</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dry run (change nothing)</source>
        <translation>试运行（不做任何更改）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plan and report what would change, but change nothing (-n)</source>
        <translation>规划并报告将要发生的更改，但不做任何更改 (-n)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete extraneous files</source>
        <translation>删除多余文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove what the destination has and the source lacks (--delete)</source>
        <translation>删除目标中有而源中没有的内容 (--delete)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Files and folders on the destination that the source lacks will be deleted. Preview first.</source>
        <translation>目标中有而源中没有的文件和文件夹将被删除。请先预览。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Make missing destination folders</source>
        <translation>创建缺失的目标文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create the destination&apos;s missing parent folders; without this they must exist (--mkpath)</source>
        <translation>创建目标缺失的上级文件夹；不勾选时，这些文件夹必须已经存在 (--mkpath)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Also delete excluded files</source>
        <translation>同时删除被排除的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paths on the destination that the filters exclude are deleted too; by default they are kept (--delete-excluded)</source>
        <translation>目标中被过滤规则排除的路径也会被删除；默认会保留它们 (--delete-excluded)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>At most</source>
        <translation>最多删除</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>deletions</source>
        <translation>项</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete at most this many entries; the rest are kept and listed, and the job reports that it stopped deleting. 0 deletes nothing (--max-delete)</source>
        <translation>最多删除这么多项；其余的保留并列出，任务会报告已停止删除。0 表示不删除任何内容 (--max-delete)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Remove copied source files</source>
        <translation>删除已复制的源文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Once the job is done, each file the destination has (sent, or there already as it is) is removed from the source; a file that changed after it was read is kept, and folders stay (--remove-source-files)</source>
        <translation>任务完成后，目标已拥有的每个文件（已发送的，或本来就已存在且相同的）都会从源中删除；读取后又发生变化的文件会保留，文件夹也会保留 (--remove-source-files)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Files are deleted from the source once the destination has them: a move, not a copy. Preview first.</source>
        <translation>目标拥有文件后，源中的文件即被删除：这是移动，而不是复制。请先预览。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare by checksum</source>
        <translation>按校验和比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare file contents by hash instead of size and time: slower, exact (-c)</source>
        <translation>按哈希比较文件内容，而不是按大小和时间：较慢，但精确 (-c)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Transfer</source>
        <translation>传输</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>unlimited</source>
        <translation>不限制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shared by all streams (--bwlimit). A rate such as 20M, or a timetable: rules are tried in order and the first that matches the day and time applies, for example “Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M”. 0 or off: unlimited.</source>
        <translation>由所有数据流共享 (--bwlimit)。可以填写速率（如 20M），也可以填写时间表：按顺序逐条尝试规则，第一条与当前星期和时间相符的规则生效，例如“Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M”。0 或 off：不限制。</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1332"/>
        <source>Bandwidth limit</source>
        <translation>带宽限制</translation>
    </message>
    <message>
        <location line="-1322"/>
        <location line="+11"/>
        <location line="+74"/>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="-83"/>
        <source>Data connections to the daemon besides the control connection (--streams). Auto starts with 2 and adds 2 at a time, up to 8, while the total rate still rises by 10 % or more.</source>
        <translation>除控制连接之外，与守护进程之间的数据连接数 (--streams)。自动：从 2 个开始，只要总速率仍能提高 10 % 或更多，就每次增加 2 个，最多 8 个。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Streams</source>
        <translation>数据流</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Big files are cut into chunks of this size and spread over the streams (--chunk-size), 1M to 4G. Auto picks a size per file from its size and the number of streams.</source>
        <translation>大文件按此大小切成分块，分散到各数据流上传输 (--chunk-size)，1M 到 4G。自动：根据每个文件的大小和数据流数量为其选择分块大小。</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1318"/>
        <source>Chunk size</source>
        <translation>分块大小</translation>
    </message>
    <message>
        <location line="-1313"/>
        <source>Default (bbr where available)</source>
        <translation>默认（可用时为 bbr）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TCP congestion control for the data connections (--congestion). The list is what this computer&apos;s kernel offers; the daemon&apos;s end uses the same where its kernel has it.</source>
        <translation>数据连接使用的 TCP 拥塞控制算法 (--congestion)。列表中是本机内核提供的算法；守护进程一端的内核若支持，也使用相同的算法。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Congestion control</source>
        <translation>拥塞控制</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+32"/>
        <source>Auto (default)</source>
        <translation>自动（默认）</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>None (unencrypted)</source>
        <translation>无（不加密）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the connections to the daemon are encrypted (--cipher, TLS 1.3). None still checks both ends&apos; identities and keeps the control connection encrypted, but sends file data in the clear; the daemon&apos;s module must allow it (--allow-plaintext).</source>
        <translation>与守护进程之间的连接如何加密 (--cipher，TLS 1.3)。选择“无”时仍会验证双方身份，控制连接也仍然加密，但文件数据以明文发送；守护进程的模块必须允许这样做 (--allow-plaintext)。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cipher</source>
        <translation>密码算法</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>When the job ends (default)</source>
        <translation>任务结束时（默认）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After each file</source>
        <translation>每个文件写完后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left to the system</source>
        <translation>交由系统决定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When written files are forced to the disk (--fsync). A job that says done has its files on disk, unless this is left to the system.</source>
        <translation>何时将写入的文件强制刷入磁盘 (--fsync)。除非选择“交由系统决定”，否则任务显示完成时，其文件已经落盘。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Write to disk</source>
        <translation>写入磁盘</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Only the differences</source>
        <translation>仅差异（增量同步）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole files</source>
        <translation>整文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How a changed file travels when the destination has an old copy of it (-W / --no-whole-file).</source>
        <translation>目标已有旧副本时，已更改的文件如何传输 (-W / --no-whole-file)。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Changed files</source>
        <translation>已更改的文件</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>None (default)</source>
        <translation>无（默认）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zstandard, fast (level 1)</source>
        <translation>Zstandard，快速（级别 1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zstandard (level 3)</source>
        <translation>Zstandard（级别 3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zstandard, strong (level 9)</source>
        <translation>Zstandard，高压缩（级别 9）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How file data is compressed on the wire (--compress, -z for Auto). Each frame is compressed on its own; one that does not shrink by a few percent goes as it is.</source>
        <translation>文件数据在传输时如何压缩 (--compress，-z 即“自动”)。每一帧单独压缩；压缩后缩小不到几个百分点的帧按原样发送。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1234"/>
        <source>Compression</source>
        <translation>压缩</translation>
    </message>
    <message>
        <location line="-1229"/>
        <source>XXH3-128 (default)</source>
        <translation>XXH3-128（默认）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The hash every chunk and every file is verified with before it replaces the old version, and the one &quot;Compare by checksum&quot; compares by (--checksum-choice).</source>
        <translation>每个分块和每个文件在替换旧版本之前用来校验的哈希算法，也是“按校验和比较”所用的算法 (--checksum-choice)。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>File checksum</source>
        <translation>文件校验和</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(ssh default)</source>
        <translation>（ssh 默认）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The cipher ssh uses for user@host:path jobs (--ssh-cipher, passed to ssh as -c). The list is what this computer&apos;s ssh offers; the server must offer it too.</source>
        <translation>ssh 在 user@host:path 任务中使用的密码算法 (--ssh-cipher，以 -c 传给 ssh)。列表中是本机 ssh 提供的算法；服务器也必须支持。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1242"/>
        <source>SSH cipher</source>
        <translation>SSH 密码算法</translation>
    </message>
    <message>
        <location line="-1228"/>
        <source>Filters</source>
        <translation>过滤规则</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>*.tmp
.cache/</source>
        <translation>*.tmp
.cache/</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>*.jpg</source>
        <translation>*.jpg</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exclude, one pattern per line</source>
        <translation>排除，每行一个模式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Include, one pattern per line</source>
        <translation>包含，每行一个模式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Includes are checked before excludes; the first pattern that matches decides.</source>
        <translation>先检查包含规则，再检查排除规则；由第一个匹配的模式决定。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Which files</source>
        <translation>文件范围</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Keep newer destination files (-u)</source>
        <translation>保留目标中较新的文件 (-u)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep a destination file whose time is newer than the source&apos;s (-u, --update)</source>
        <translation>目标文件的时间比源文件新时，保留目标文件 (-u, --update)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only new files (--ignore-existing)</source>
        <translation>仅新文件 (--ignore-existing)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip every file the destination already has, changed or not (--ignore-existing)</source>
        <translation>跳过目标中已有的所有文件，无论是否有更改 (--ignore-existing)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only existing files (--existing)</source>
        <translation>仅已有文件 (--existing)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create nothing new, files or folders: update only what the destination has (--existing)</source>
        <translation>不新建任何文件或文件夹：只更新目标中已有的内容 (--existing)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare by size only (--size-only)</source>
        <translation>仅按大小比较 (--size-only)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file of the same size counts as unchanged, whatever its time (--size-only)</source>
        <translation>大小相同的文件即视为未更改，不管其时间如何 (--size-only)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send files even if unchanged (-I)</source>
        <translation>即使未更改也发送文件 (-I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send every file, even one whose size and time match, as differences where the destination has a copy (-I, --ignore-times)</source>
        <translation>发送每个文件，即使大小和时间都一致；目标已有副本的只发送差异 (-I, --ignore-times)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Append only (--append-verify)</source>
        <translation>仅追加 (--append-verify)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For files that only grow, such as logs and downloads: a destination file as long as the source&apos;s or longer is left alone, even if its content differs; a shorter one gets the rest, and the whole file is verified before it replaces the old one (--append-verify, --append)</source>
        <translation>适用于只会增长的文件，如日志和下载文件：目标文件与源文件一样长或更长时保持不动，即使内容不同；较短的则补上其余部分，并在替换旧文件之前校验整个文件 (--append-verify, --append)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Shorter destination files get the rest; ones at full length or longer are left as they are, even if they differ.</source>
        <translation>较短的目标文件补上其余部分；已达到完整长度或更长的保持原样，即使内容不同。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no limit</source>
        <translation>不限制</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Skip files larger than this, such as 100M or 1.5G (--max-size)</source>
        <translation>跳过大于此值的文件，如 100M 或 1.5G (--max-size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip files smaller than this, such as 4K (--min-size)</source>
        <translation>跳过小于此值的文件，如 4K (--min-size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip files larger than</source>
        <translation>跳过大于此值的文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip files smaller than</source>
        <translation>跳过小于此值的文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stay on one file system (-x)</source>
        <translation>不跨越文件系统 (-x)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Do not cross into other file systems: a folder that is another one&apos;s mount point comes empty, and --delete leaves what the destination has in it alone (-x, --one-file-system)</source>
        <translation>不进入其他文件系统：作为其他文件系统挂载点的文件夹将以空文件夹出现，--delete 也不会动目标中该文件夹里的内容 (-x, --one-file-system)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Skip links out of the tree</source>
        <translation>跳过指向树外的链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip symlinks that point out of the source: absolute ones, and ones that climb above it (--safe-links)</source>
        <translation>跳过指向源之外的符号链接：绝对路径的链接，以及向上越出源目录的链接 (--safe-links)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy what links point to (-L)</source>
        <translation>复制链接指向的内容 (-L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Symlinks arrive as what they point to: a file as a file, a folder with its contents (filtered as the folder it is). A link to nothing is an error, and a link back into a folder being copied is skipped with a warning. A daemon follows only links whose target stays inside its module (-L, --copy-links)</source>
        <translation>符号链接以其指向的内容到达目标：文件作为文件，文件夹连同其内容（按该文件夹本身进行过滤）。指向不存在对象的链接视为错误，指回正在复制的文件夹的链接会被跳过并给出警告。守护进程只跟随目标仍在其模块内的链接 (-L, --copy-links)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A folder that holds a file of one of these names comes without its contents, and --delete leaves what the destination has in it alone. Names, not paths; several separated by commas (--exclude-if-present)</source>
        <translation>若文件夹中有名为下列名称之一的文件，则不传输该文件夹的内容，--delete 也不会动目标中该文件夹里的内容。填写名称而不是路径；多个名称用逗号分隔 (--exclude-if-present)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Skip the contents of folders holding</source>
        <translation>跳过含有此文件的文件夹的内容</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Metadata</source>
        <translation>元数据</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Permissions (-p)</source>
        <translation>权限 (-p)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy and compare permissions. Off: files the destination has keep theirs, new ones get the source&apos;s less the receiving end&apos;s umask (--no-perms)</source>
        <translation>复制并比较权限。关闭时：目标中已有的文件保留其原有权限，新文件使用源文件的权限减去接收端的 umask (--no-perms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Modification times (-t)</source>
        <translation>修改时间 (-t)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set modification times as the source has them. Off: they are not set, so every file looks changed the next time, as in rsync (--no-times)</source>
        <translation>按源文件设置修改时间。关闭时：不设置修改时间，因此下次每个文件看起来都有更改，与 rsync 相同 (--no-times)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Hard links (-H)</source>
        <translation>硬链接 (-H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files that are hard links of each other in the source arrive linked, not as copies (-H, --hard-links)</source>
        <translation>源中互为硬链接的文件到达目标后仍互为硬链接，而不是各自独立的副本 (-H, --hard-links)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Leave out (default)</source>
        <translation>略过（默认）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Store as look-alikes</source>
        <translation>以形似字符保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Try as they are</source>
        <translation>按原样尝试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Names a Windows drive or share cannot hold (a:b, CON, a final dot) and names only case tells apart (--name-mapping). Look-alikes: a:b is stored as a：b, CON as ＣON, the second of Photo.jpg and photo.jpg as photo‛2.jpg; a sync back with the same choice restores the names exactly.</source>
        <translation>Windows 驱动器或共享无法保存的名称（a:b、CON、以点结尾），以及仅靠大小写区分的名称 (--name-mapping)。形似字符：a:b 保存为 a：b，CON 保存为 ＣON，Photo.jpg 与 photo.jpg 中的第二个保存为 photo‛2.jpg；以相同选项反向同步可准确还原这些名称。</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Keep what an interrupted run received of a big file in this folder, as DIR/NAME inside each file&apos;s own folder, for the next run to resume from (--partial-dir, like rsync&apos;s .rsync-partial). Made when needed, removed once empty; never sent, and “Delete extraneous files” leaves it (“Also delete excluded files” removes it, as in rsync). A folder name, without .. or wildcards; not with “Write files in place”. Empty: beside each file as .NAME.fg-partial</source>
        <translation>将中断的运行已收到的大文件部分保存在此文件夹中，位置为各文件所在文件夹内的 DIR/NAME，供下次运行断点续传 (--partial-dir，类似 rsync 的 .rsync-partial)。需要时创建，清空后删除；从不发送，“删除多余文件”会保留它（“同时删除被排除的文件”会删除它，与 rsync 相同）。填写文件夹名称，不能含 .. 或通配符；不能与“就地写入文件”同时使用。留空：以 .NAME.fg-partial 放在各文件旁边</translation>
    </message>
    <message>
        <location line="+353"/>
        <source>Where only Windows&apos; names fit, a:b arrives as a：b (a full-width colon); syncing it back with this choice restores a:b. Everywhere else names go as they are.</source>
        <translation>在只能使用 Windows 名称的地方，a:b 将保存为 a：b（全角冒号）；以此选项反向同步可还原为 a:b。其他地方名称按原样传输。</translation>
    </message>
    <message>
        <location line="+261"/>
        <source>More connections fill long, fast links; 2–4 suit most.</source>
        <translation>更多连接可以填满长距离的高速链路；多数情况下 2–4 个即可。</translation>
    </message>
    <message>
        <location line="-719"/>
        <source>Names the destination cannot hold</source>
        <translation>目标无法保存的名称</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>D755,F644 or go-w</source>
        <translation>D755,F644 或 go-w</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change the permissions on the way, as chmod would (--chmod): 644, u+rw, go-w, a=rX; D for folders only, F for files only; several separated by commas, applied in order</source>
        <translation>在传输途中像 chmod 一样更改权限 (--chmod)：644、u+rw、go-w、a=rX；D 仅作用于文件夹，F 仅作用于文件；多项用逗号分隔，按顺序应用</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+431"/>
        <location line="+568"/>
        <source>Change permissions</source>
        <translation>更改权限</translation>
    </message>
    <message>
        <location line="-988"/>
        <source>Owners (-o)</source>
        <translation>所有者 (-o)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give each file the source&apos;s owner, matched by name (-o, --owner)</source>
        <translation>为每个文件设置源文件的所有者，按名称匹配 (-o, --owner)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Groups (-g)</source>
        <translation>组 (-g)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give each file the source&apos;s group, matched by name (-g, --group)</source>
        <translation>为每个文件设置源文件的组，按名称匹配 (-g, --group)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>By number, not name</source>
        <translation>按数字 ID，而非名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep owners and groups by their numbers rather than matching names on the receiving end (--numeric-ids)</source>
        <translation>按数字 ID 保留所有者和组，而不是在接收端按名称匹配 (--numeric-ids)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>user:group, user or :group</source>
        <translation>user:group、user 或 :group</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give everything this owner and group, whatever the source has; either may be left out (--chown USER:GROUP)</source>
        <translation>无论源中是什么，都将所有内容的所有者和组设为此值；二者均可省略 (--chown USER:GROUP)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give everything to</source>
        <translation>全部归属于</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Backups &amp;&amp; snapshots</source>
        <translation>备份与快照</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep replaced and deleted files (-b)</source>
        <translation>保留被替换和删除的文件 (-b)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep what the job replaces or deletes: beside it as NAME~, or in a backup folder (-b, --backup)</source>
        <translation>保留任务替换或删除的内容：以 NAME~ 放在原文件旁边，或放入备份文件夹 (-b, --backup)</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+30"/>
        <source>beside each file</source>
        <translation>放在各文件旁边</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>Keep backups in this folder, under their own paths (--backup-dir). Relative: below the destination, and --delete leaves it alone. Empty: beside each file</source>
        <translation>将备份保存在此文件夹中，保留各自的路径 (--backup-dir)。相对路径：位于目标之下，--delete 不会动它。留空：放在各文件旁边</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Added to each backup&apos;s name (--suffix). Empty: ~ beside each file, nothing in a backup folder</source>
        <translation>添加到每个备份名称后面的后缀 (--suffix)。留空：放在文件旁边时为 ~，放入备份文件夹时不加后缀</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suffix</source>
        <translation>后缀</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Write files in place (--inplace)</source>
        <translation>就地写入文件 (--inplace)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write a changed file over its old copy instead of into a temporary file renamed into place: it keeps its inode, so hard links to it and file-system snapshots keep sharing it, and a big file needs no room for a second copy. Until it is complete the file is neither its old nor its new version; a failure leaves it so, and a re-run completes it. Sent whole for now; not with -b (--inplace)</source>
        <translation>将更改的文件直接覆盖写入其旧副本，而不是先写入临时文件再重命名替换：文件保留原来的 inode，因此指向它的硬链接和文件系统快照仍与它共享数据，大文件也不需要额外空间存放第二份副本。写完之前，文件既不是旧版本也不是新版本；出错时会停留在这种状态，重新运行即可完成。目前按整文件发送；不能与 -b 同时使用 (--inplace)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Earlier snapshots, one folder per line, up to %1 (--link-dest; relative: to the destination). A file one of them has unchanged is hard-linked from it instead of sent: dated backups that share unchanged files</source>
        <translation>较早的快照，每行一个文件夹，最多 %1 个 (--link-dest；相对路径：相对于目标)。若其中某个快照中有未更改的同一文件，就从那里建立硬链接而不发送：实现按日期保存、共享未更改文件的备份</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Link unchanged files from</source>
        <translation>链接未更改文件的来源</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Advanced</source>
        <translation>高级</translation>
    </message>
    <message>
        <location line="+13"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+8"/>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Stop the job (exit 30) once nothing has come from the far end, a daemon or an SSH host, and no file has moved for this many seconds: it was stopped, hangs, or the link went down without a reset. The far end reports four times a second while it works, so a busy one is never taken for a dead one. Default: after 5 min of total silence from it (--timeout)</source>
        <translation>若对端（守护进程或 SSH 主机）在这么多秒内没有任何消息，也没有文件在传输，则停止任务（退出码 30）：对端可能已被停止、已挂起，或链路已断开而没有发出重置。对端工作时每秒报告四次，因此繁忙的对端绝不会被误判为已失效。默认：对端完全静默 5 min 后停止 (--timeout)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Give up connecting to a daemon (exit 35) after this many seconds, TCP and TLS handshake together. Default: 10 s to connect and 15 s for the handshake. SSH jobs connect through ssh, whose own ConnectTimeout goes in the SSH command (--contimeout)</source>
        <translation>连接守护进程时，若 TCP 连接和 TLS 握手总共超过这么多秒，则放弃（退出码 35）。默认：连接 10 s，握手 15 s。SSH 任务通过 ssh 连接，应在 SSH 命令中设置 ssh 自己的 ConnectTimeout (--contimeout)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When the connections to a daemon drop mid-job (the link went down, the daemon restarted), reconnect for up to this many seconds, waiting longer between tries, and go on with the job from what the destination already has: files already there are not sent again, a half-sent file resumes. Off: the job fails at once (--retry-for; default %1 s)</source>
        <translation>任务进行中与守护进程的连接断开时（链路中断、守护进程重启），在这么多秒内持续重连，重试间隔逐渐加长，并从目标已有的内容继续任务：已到达的文件不再重发，发送到一半的文件断点续传。关闭：任务立即失败 (--retry-for；默认 %1 s)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Idle timeout</source>
        <translation>空闲超时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connect timeout</source>
        <translation>连接超时</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reconnect for</source>
        <translation>重连时长</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The command that reaches an SSH host (-e), for example “ssh -p 2222”</source>
        <translation>用于连接 SSH 主机的命令 (-e)，例如“ssh -p 2222”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Where floodgate lives on the SSH host, if not on its PATH</source>
        <translation>floodgate 在 SSH 主机上的位置（如果不在其 PATH 中）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys and pinned server identities</source>
        <translation>密钥和已固定的服务器身份</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+59"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="-55"/>
        <location line="+8"/>
        <source>State directory</source>
        <translation>状态目录</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>SSH command</source>
        <translation>SSH 命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remote floodgate</source>
        <translation>远程 floodgate</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Pick a local folder</source>
        <translation>选择本地文件夹</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Source folder</source>
        <translation>源文件夹</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Destination folder</source>
        <translation>目标文件夹</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Nothing is deleted: what would go is listed.</source>
        <translation>不会删除任何内容：只列出将被删除的项。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>files newer on the destination kept</source>
        <translation>保留目标中较新的文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only new files</source>
        <translation>仅新文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only files the destination has</source>
        <translation>仅目标已有的文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compared by size only</source>
        <translation>仅按大小比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sent even when size and time match</source>
        <translation>大小和时间一致也发送</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only shorter files appended to</source>
        <translation>仅对较短的文件追加</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+610"/>
        <source>Larger than</source>
        <translation>大于</translation>
    </message>
    <message>
        <location line="-608"/>
        <location line="+610"/>
        <source>Smaller than</source>
        <translation>小于</translation>
    </message>
    <message>
        <location line="-608"/>
        <source>No file is smaller than %1 and larger than %2 at once: nothing would be sent.</source>
        <translation>没有文件能同时小于 %1 又大于 %2：不会发送任何文件。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 to %2</source>
        <translation>%1 到 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>up to %1</source>
        <translation>不超过 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 or more</source>
        <translation>%1 及以上</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>one file system</source>
        <translation>不跨越文件系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>links out of the tree skipped</source>
        <translation>跳过指向树外的链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>links copied as what they point to</source>
        <translation>复制链接指向的内容</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>contents of folders holding %1 skipped</source>
        <translation>跳过含有 %1 的文件夹的内容</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>With both, no file is sent: only deletions happen, if they are on.</source>
        <translation>两者同时勾选时不发送任何文件：只执行删除（如果已启用删除）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every changed file is sent.</source>
        <translation>发送所有已更改的文件。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>permissions and times kept</source>
        <translation>保留权限和时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>permissions kept, times not</source>
        <translation>保留权限，不保留时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>times kept, permissions not</source>
        <translation>保留时间，不保留权限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>neither permissions nor times kept</source>
        <translation>不保留权限和时间</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every file then looks changed the next time: pair it with Compare by checksum or size only.</source>
        <translation>这样下次每个文件看起来都有更改：请配合“按校验和比较”或“仅按大小比较”使用。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Applied to the source&apos;s permissions on the way.</source>
        <translation>在传输途中作用于源文件的权限。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chmod %1</source>
        <translation>chmod %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hard links kept</source>
        <translation>保留硬链接</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>awkward names as look-alikes</source>
        <translation>特殊名称以形似字符保存</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>awkward names tried as they are</source>
        <translation>特殊名称按原样尝试</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The destination decides: some drivers refuse such a name, some store one that Windows cannot open.</source>
        <translation>由目标决定：有些驱动会拒绝这样的名称，有些则会保存为 Windows 无法打开的名称。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>owners and groups kept</source>
        <translation>保留所有者和组</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>owners kept</source>
        <translation>保留所有者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>groups kept</source>
        <translation>保留组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> by number</source>
        <translation> (按数字 ID)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>everything to %1:%2</source>
        <translation>全部归属 %1:%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>everything to user %1</source>
        <translation>全部归属用户 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>everything to group %1</source>
        <translation>全部归属组 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Owners and groups are kept only where the receiving end runs as root (on a daemon, in a module served with --keep-owners); elsewhere the job says so.</source>
        <translation>只有在接收端以 root 身份运行时（在守护进程上，即以 --keep-owners 提供服务的模块中）才会保留所有者和组；其他情况下任务会给出提示。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Backups beside each file, as NAME%1</source>
        <translation>备份放在各文件旁边，名为 NAME%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 below the destination</source>
        <translation>目标下的 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backups in %1, under their own names</source>
        <translation>备份保存在 %1 中，沿用原名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backups in %1, as NAME%2</source>
        <translation>备份保存在 %1 中，名为 NAME%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>backups as NAME%1</source>
        <translation>备份名为 NAME%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>backups in %1</source>
        <translation>备份在 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>At most %1 folders to link from; this lists %2.</source>
        <translation>最多可从 %1 个文件夹链接；这里列出了 %2 个。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One folder per line; relative: to the destination. Unchanged files are linked from there, not sent.</source>
        <translation>每行一个文件夹；相对路径：相对于目标。未更改的文件从那里链接，而不发送。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unchanged files linked from %1</source>
        <translation>未更改的文件从 %1 链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged files linked from %1 snapshots</source>
        <translation>未更改的文件从 %1 个快照链接</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>What an interrupted run received of a big file, for the next run to resume from: beside it as .NAME.fg-partial, or in the folder named here.</source>
        <translation>中断的运行已收到的大文件部分，供下次运行续传：以 .NAME.fg-partial 放在该文件旁边，或放在此处指定的文件夹中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kept as %1/NAME in each file&apos;s own folder, made when needed and removed once empty.</source>
        <translation>以 %1/NAME 保存在各文件所在的文件夹中，需要时创建，清空后删除。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>partial files in %1</source>
        <translation>未完成文件保存在 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Each changed file is written over its old copy: until it is complete it is neither version, and a failure leaves it incomplete (a re-run completes it).</source>
        <translation>每个更改的文件直接覆盖写入其旧副本：写完之前它既不是旧版本也不是新版本，出错会使它保持不完整（重新运行即可完成）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>changed files written in place</source>
        <translation>更改的文件就地写入</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No backups.</source>
        <translation>不备份。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>For floodgate:// and SSH jobs: a local copy has no far end to wait on.</source>
        <translation>适用于 floodgate:// 和 SSH 任务：本地复制没有需要等待的对端。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Default: gives up after 5 min without a word from the far end, which reports four times a second while it works.</source>
        <translation>默认：对端 5 min 没有任何消息后放弃；对端工作时每秒报告四次。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stops (exit 30) after %1 without a word from the far end; what arrived is kept.</source>
        <translation>对端 %1 没有任何消息后停止（退出码 30）；已到达的内容会保留。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stops when the far end is quiet for %1</source>
        <translation>对端静默 %1 后停止</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>For floodgate:// jobs; for SSH, give ssh -o ConnectTimeout=SEC as the SSH command.</source>
        <translation>适用于 floodgate:// 任务；SSH 任务请将 ssh -o ConnectTimeout=SEC 作为 SSH 命令。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Default: 10 s to connect, 15 s for the handshake.</source>
        <translation>默认：连接 10 s，握手 15 s。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gives up (exit 35) when the daemon has not answered in %1.</source>
        <translation>守护进程在 %1 内未应答则放弃（退出码 35）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>connect timeout %1</source>
        <translation>连接超时 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>For floodgate:// jobs: a local copy has no connection to lose.</source>
        <translation>适用于 floodgate:// 任务：本地复制没有会断开的连接。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For floodgate:// jobs: an SSH job would ask for its password again.</source>
        <translation>适用于 floodgate:// 任务：SSH 任务重连会再次要求输入密码。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off: a job whose connections drop fails at once; run it again to finish.</source>
        <translation>关闭：连接断开的任务会立即失败；再次运行即可完成。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the connections drop mid-job, reconnects for up to %1 and goes on from what arrived.</source>
        <translation>任务中途连接断开时，在 %1 内持续重连，并从已到达的内容继续。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no reconnecting</source>
        <translation>不重连</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>reconnects for %1</source>
        <translation>重连 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SSH command %1</source>
        <translation>SSH 命令 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>remote floodgate %1</source>
        <translation>远程 floodgate %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>state in %1</source>
        <translation>状态保存在 %1</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Leaves room on a shared link: 10M, 1.5G, or a timetable such as Mon-Fri 08:00-18:00 20M, 100M</source>
        <translation>为共享链路留出余量：10M、1.5G，或时间表，如 Mon-Fri 08:00-18:00 20M, 100M</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Timetable: 1 rule</source>
        <translation>时间表：1 条规则</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Timetable: %1 rules</source>
        <translation>时间表：%1 条规则</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>now unlimited</source>
        <translation>当前不限制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>now at most %1</source>
        <translation>当前最多 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unlimited</source>
        <translation>不限制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>At most %1</source>
        <translation>最多 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Auto starts with 2 and adds more while the rate rises.</source>
        <translation>自动：从 2 个开始，速率仍在提高时继续增加。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Big files are split so all streams share them</source>
        <translation>大文件会被切分，由所有数据流分担</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chunks of %1: %2.</source>
        <translation>分块大小 %1：%2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; auto picks a size per file.</source>
        <translation>；自动为每个文件选择分块大小。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One flush at the end: done means on disk, at little cost.</source>
        <translation>结束时统一刷盘一次：显示完成即已落盘，开销很小。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Each file is on disk before it appears; slow with many small files.</source>
        <translation>每个文件在出现之前都已落盘；小文件很多时较慢。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fastest; a power cut soon after the job can lose what it wrote.</source>
        <translation>最快；任务结束后不久若断电，可能丢失已写入的内容。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Differences for big files with an old copy; whole for small files, local copies and links faster than the old copy reads.</source>
        <translation>有旧副本的大文件只传差异；小文件、本地复制，以及比读取旧副本还快的链路，则传整文件。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saves the most on slow links; reads every old copy at the destination.</source>
        <translation>在慢速链路上最节省流量；需要读取目标中的每个旧副本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No reading of old copies: best when the link outruns the destination&apos;s disk.</source>
        <translation>不读取旧副本：链路比目标磁盘还快时最佳。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Catches any accidental corruption at memory speed.</source>
        <translation>以内存速度发现任何意外损坏。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>As rsync&apos;s xxh3: as fast, half the bytes, a little more chance of a missed accident.</source>
        <translation>与 rsync 的 xxh3 相同：一样快，字节数减半，漏检意外损坏的几率略高。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cryptographic: when someone could craft files that collide. Slower on fast links.</source>
        <translation>密码学哈希：用于有人可能故意构造碰撞文件的场合。在高速链路上较慢。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>This computer&apos;s kernel does not offer %1; pick one from the list</source>
        <translation>本机内核不提供 %1；请从列表中选择</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>BBR keeps long or lossy links full; CUBIC is the Linux default.</source>
        <translation>BBR 能让长距离或有丢包的链路保持满载；CUBIC 是 Linux 的默认算法。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This kernel has no bbr: default is its own.</source>
        <translation>此内核没有 bbr：默认使用内核自己的默认算法。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BBR keeps long or lossy links full; where it overfills a shallow queue, streams change to CUBIC.</source>
        <translation>BBR 能让长距离或有丢包的链路保持满载；若它塞满了较浅的队列，数据流会改用 CUBIC。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>AES-GCM when both ends have AES instructions (this computer has them), else ChaCha20.</source>
        <translation>两端都有 AES 指令时使用 AES-GCM（本机有），否则使用 ChaCha20。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ChaCha20 here: this computer has no AES instructions, so AES-GCM would be slower.</source>
        <translation>此处使用 ChaCha20：本机没有 AES 指令，AES-GCM 会更慢。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fastest when both CPUs have AES instructions (AES-NI, ARMv8).</source>
        <translation>两端 CPU 都有 AES 指令（AES-NI、ARMv8）时最快。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>For policies that ask for 256-bit keys; a little slower than AES-128.</source>
        <translation>用于要求 256 位密钥的策略；比 AES-128 稍慢。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fastest on CPUs without AES instructions, such as older ARM NAS boxes.</source>
        <translation>在没有 AES 指令的 CPU 上最快，例如较旧的 ARM NAS。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unencrypted: anyone on the network can read and alter the files. Only on a trusted LAN where the CPU limits the rate.</source>
        <translation>不加密：网络上的任何人都能读取和篡改文件。仅在可信的局域网中、且 CPU 成为速率瓶颈时使用。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This computer&apos;s ssh does not offer %1; pick one from the list</source>
        <translation>本机 ssh 不提供 %1；请从列表中选择</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>aes128-gcm@openssh.com is fastest with AES instructions, chacha20-poly1305@openssh.com without.</source>
        <translation>有 AES 指令时 aes128-gcm@openssh.com 最快，没有时 chacha20-poly1305@openssh.com 最快。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Best on a fast LAN, and for data that is compressed already (media, archives).</source>
        <translation>最适合高速局域网，以及已经压缩过的数据（媒体文件、压缩包）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compresses what shrinks, skips media and archives, and backs off when the CPU, not the link, is the limit.</source>
        <translation>压缩能缩小的数据，跳过媒体文件和压缩包；当瓶颈是 CPU 而不是链路时会降低压缩强度。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Light on the CPU: a modest saving for fast links with compressible data.</source>
        <translation>CPU 负担轻：对高速链路上的可压缩数据有一定节省。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Good savings on text, logs and databases at little CPU cost.</source>
        <translation>对文本、日志和数据库节省明显，CPU 开销很小。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For slow links with compressible data (text, logs, databases).</source>
        <translation>适用于慢速链路上的可压缩数据（文本、日志、数据库）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Several times the CPU for a few percent more: only for very slow links.</source>
        <translation>多花数倍 CPU 只换来几个百分点的额外节省：仅适用于非常慢的链路。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Zstandard (level %1)</source>
        <translation>Zstandard（级别 %1）</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>SSH job: one stream through ssh (its cipher is the SSH cipher below). These settings apply to floodgate:// targets.</source>
        <translation>SSH 任务：通过 ssh 的单个数据流（其密码算法为下方的 SSH 密码算法）。这些设置适用于 floodgate:// 目标。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local job: one stream, no network. These settings apply to floodgate:// targets.</source>
        <translation>本地任务：单个数据流，不经过网络。这些设置适用于 floodgate:// 目标。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Streams, chunk size, congestion control and cipher apply to floodgate:// targets.</source>
        <translation>数据流、分块大小、拥塞控制和密码算法适用于 floodgate:// 目标。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 (not offered here)</source>
        <translation>%1（本机不提供）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Choose a source</source>
        <translation>选择源</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a destination</source>
        <translation>选择目标</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Source: </source>
        <translation>源: </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Destination: </source>
        <translation>目标: </translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Size limits: no file is smaller than %1 and larger than %2 at once</source>
        <translation>大小限制：没有文件能同时小于 %1 又大于 %2</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Congestion control: this computer&apos;s kernel does not offer %1</source>
        <translation>拥塞控制：本机内核不提供 %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>SSH cipher: this computer&apos;s ssh does not offer %1</source>
        <translation>SSH 密码算法：本机 ssh 不提供 %1</translation>
    </message>
</context>
<context>
    <name>fgui::JobTray</name>
    <message>
        <location filename="../widgets/job_tray.cpp" line="+43"/>
        <location line="+37"/>
        <source>No job is running</source>
        <translation>没有正在运行的任务</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Show Floodgate</source>
        <translation>显示 Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+39"/>
        <source>Pause the job</source>
        <translation>暂停任务</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Cancel the job</source>
        <translation>取消任务</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+18"/>
        <source>Floodgate</source>
        <translation>Floodgate</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Floodgate — %1</source>
        <translation>Floodgate — %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Resume the job</source>
        <translation>继续任务</translation>
    </message>
</context>
<context>
    <name>fgui::LabComparisonView</name>
    <message>
        <location filename="../lab/lab_comparison_view.cpp" line="+14"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+39"/>
        <location line="+8"/>
        <source>Setting</source>
        <translation>配置</translation>
    </message>
    <message>
        <location line="-8"/>
        <location line="+8"/>
        <source>This experiment</source>
        <translation>本次实验</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>The other</source>
        <translation>另一次实验</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+8"/>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Compare with… opens an earlier experiment and shows, for each setting both ran, the two median times.</source>
        <translation>“比较…”会打开一次较早的实验，并针对两次都运行过的每个配置，显示两者的中位时间。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Faster in this experiment</source>
        <translation>在本次实验中更快</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Slower in this experiment</source>
        <translation>在本次实验中更慢</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compared with %1 (%2, %3).</source>
        <translation>已与 %1 比较（%2，%3）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The two experiments have no setting in common that ran in both.</source>
        <translation>两次实验没有共同运行过的配置。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 setting ran in both.</source>
        <translation>有 1 个配置在两次实验中都运行过。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 settings ran in both.</source>
        <translation>有 %1 个配置在两次实验中都运行过。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only in this one: %1.</source>
        <translation>仅本次实验有：%1 个。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only in the other: %1.</source>
        <translation>仅另一次实验有：%1 个。</translation>
    </message>
</context>
<context>
    <name>fgui::LabCurveChart</name>
    <message>
        <location filename="../charts/lab_curve_chart.cpp" line="+42"/>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>%1, run %2: %3 MB/s at %4 s</source>
        <translation>%1，第 %2 次运行：%4 s 时 %3 MB/s</translation>
    </message>
</context>
<context>
    <name>fgui::LabHeatMap</name>
    <message>
        <location filename="../charts/lab_heat_map.cpp" line="+89"/>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+198"/>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <location line="-197"/>
        <location line="+206"/>
        <source>no measurable difference</source>
        <translation>无可测差异</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Median rate</source>
        <translation>中位速率</translation>
    </message>
</context>
<context>
    <name>fgui::LabResultsModel</name>
    <message>
        <location filename="../lab/lab_results_model.cpp" line="+18"/>
        <location line="+45"/>
        <location line="+4"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>★ best</source>
        <translation>★ 最佳</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>~ same</source>
        <translation>~ 相同</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1–%2 s</source>
        <translation>%1–%2 s</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no run finished</source>
        <translation>没有运行完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 runs finished</source>
        <translation>%2 次运行中完成了 %1 次</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The fastest median, but its runs overlap the runner-up&apos;s: no measurable difference</source>
        <translation>中位时间最快，但其各次运行与第二名的有重叠：无可测差异</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its runs overlap the best&apos;s: no measurable difference</source>
        <translation>其各次运行与最佳配置的有重叠：无可测差异</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The median time of the setting&apos;s runs</source>
        <translation>该配置各次运行的中位时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The fastest and the slowest run</source>
        <translation>最快和最慢的一次运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File bytes a second, at the median</source>
        <translation>每秒文件字节数（取中位值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the probe&apos;s measurements predict for this setting</source>
        <translation>根据探测的测量结果，对该配置的预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes on the network, at the median (after compression)</source>
        <translation>网络上的字节数（取中位值，压缩后）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU time of this computer&apos;s process</source>
        <translation>本机进程的 CPU 时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU time of the far end (a daemon&apos;s: all its jobs)</source>
        <translation>对端的 CPU 时间（守护进程则为其所有任务）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What limited most of the runs</source>
        <translation>多数运行中的限制因素</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Setting</source>
        <translation>配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fastest–slowest</source>
        <translation>最快–最慢</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wire</source>
        <translation>网络字节</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU here</source>
        <translation>本机 CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU there</source>
        <translation>对端 CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
</context>
<context>
    <name>fgui::LabSetupPanel</name>
    <message>
        <location filename="../lab/lab_setup_panel.cpp" line="+80"/>
        <source>about %1 s</source>
        <translation>约 %1 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about %1 min</source>
        <translation>约 %1 min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>about %1 h %2 min</source>
        <translation>约 %1 h %2 min</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Vary</source>
        <translation>变化因子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the factors to try and list their levels; every combination is a setting.</source>
        <translation>勾选要尝试的因子并列出其取值；每种组合就是一个配置。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Levels separated by commas (%1)</source>
        <translation>取值，用逗号分隔（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>levels, separated by commas</source>
        <translation>取值，用逗号分隔</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mixed: 1 KB to 64 MB, half compressible</source>
        <translation>混合：1 KB 到 64 MB，一半可压缩</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Small files: 4 KB each</source>
        <translation>小文件：每个 4 KB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One big file</source>
        <translation>单个大文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A sample of my files</source>
        <translation>从我的文件中抽样</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What each trial transfers. A sample keeps your files&apos; sizes and contents, so compression and per-file costs are what your own data sees.</source>
        <translation>每次试验传输的内容。抽样会保留你的文件的大小和内容，因此压缩效果和每个文件的开销都与你自己的数据一致。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>At most this much a trial: 64M, 1G (empty: %1). Bigger is steadier, smaller is quicker.</source>
        <translation>每次试验最多传输这么多：64M、1G（留空：%1）。越大越稳定，越小越快。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the folder to sample</source>
        <translation>要抽样的文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Folder to sample</source>
        <translation>抽样文件夹</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Runs and time</source>
        <translation>运行次数与时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Runs of each setting, in a random interleaved order. Fewer than 3 cannot tell a difference from noise.</source>
        <translation>每个配置的运行次数，以随机交错的顺序进行。少于 3 次无法区分差异与噪声。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs of each setting</source>
        <translation>每个配置的运行次数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The lab refuses an experiment estimated to take longer, before any trial runs.</source>
        <translation>预计耗时超过此值的实验，实验室会在任何试验开始前拒绝运行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget</source>
        <translation>时间预算</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>from the clock</source>
        <translation>取自时钟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The order the trials run in. The report gives the seed it used: the same seed repeats an experiment&apos;s order.</source>
        <translation>决定试验的运行顺序。报告中会给出所用的种子：相同的种子会重现实验的顺序。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The job has no destination. Set one (floodgate://HOST/MODULE or host:path) and open the lab again.</source>
        <translation>该任务没有目标。请设置一个（floodgate://HOST/MODULE 或 host:path），然后重新打开实验室。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A local folder cannot be a lab target: the lab measures transfers to a daemon (floodgate://HOST/MODULE) or over ssh (host:path). Make one the job&apos;s destination and open the lab again.</source>
        <translation>本地文件夹不能作为实验室的目标：实验室测量的是到守护进程 (floodgate://HOST/MODULE) 或经 ssh (host:path) 的传输。请将其中一种设为任务的目标，然后重新打开实验室。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Each trial writes into a scratch folder .fg-lab-… in it, removed after the trial; nothing else there is touched.</source>
        <translation>每次试验都写入其中的临时文件夹 .fg-lab-…，试验结束后删除；其中的其他内容不受影响。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>An ssh target has one connection, ssh&apos;s own pipe, which this setting does not change: it varies only to a daemon (floodgate://).</source>
        <translation>ssh 目标只有一个连接，即 ssh 自己的管道，此设置无法改变它：只有对守护进程 (floodgate://) 才能变化。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Choose the folder to take the sample from.</source>
        <translation>请选择要从中抽样的文件夹。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not a folder here.</source>
        <translation>%1 在本机上不是文件夹。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>A random sample of its files, their sizes and contents as they are, at most %1.</source>
        <translation>从中随机抽取文件，保留其原有大小和内容，最多 %1。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>1 setting</source>
        <translation>1 个配置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 settings</source>
        <translation>%1 个配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 run</source>
        <translation>1 次运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 runs</source>
        <translation>%1 次运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 trial</source>
        <translation>1 次试验</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 trials</source>
        <translation>%1 次试验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 × %2 = %3</source>
        <translation>%1 × %2 = %3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>at most %1</source>
        <translation>最多 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Takes %1: %2 transfers of %3 (with a warm-up) at %4, the rate the last probe of this target measured.</source>
        <translation>耗时 %1：%2 次 %3 的传输（含预热），按 %4 计算，即上次探测此目标测得的速率。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>About %1 trials of %2 and a warm-up; the probe at the start measures the link, and the lab stops there if they would take longer than the budget.</source>
        <translation>约 %1 次 %2 的试验和一次预热；开始时的探测会测量链路，若预计超出时间预算，实验室会就此停止。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Check at least one factor to vary.</source>
        <translation>请至少勾选一个要变化的因子。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workload: %1</source>
        <translation>工作负载：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The seed is a whole number below 18446744073709551616.</source>
        <translation>种子必须是小于 18446744073709551616 的整数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>That is over the budget of %1 min: raise the budget, or try fewer levels, fewer runs or a smaller workload.</source>
        <translation>超出了 %1 min 的时间预算：请提高预算，或减少取值、运行次数或工作负载大小。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Start needs a floodgate:// or host:path target: see under Target.</source>
        <translation>开始前需要一个 floodgate:// 或 host:path 目标：请看“目标”部分。</translation>
    </message>
</context>
<context>
    <name>fgui::LabTimeChart</name>
    <message>
        <location filename="../charts/lab_time_chart.cpp" line="+54"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../lab/lab_chart_data.cpp" line="+18"/>
        <source>%1
skipped: %2</source>
        <translation>%1
已跳过：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1
no run finished</source>
        <translation>%1
没有运行完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>median %1 s (%2–%3 s), %4</source>
        <translation>中位数 %1 s（%2–%3 s），%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 run</source>
        <translation>1 次运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 runs</source>
        <translation>%1 次运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the best setting</source>
        <translation>最佳配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no measurable difference from the best</source>
        <translation>与最佳配置无可测差异</translation>
    </message>
</context>
<context>
    <name>fgui::LabWindow</name>
    <message>
        <location filename="../lab/lab_window.cpp" line="+72"/>
        <source>Preparing: %1</source>
        <translation>准备中：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Probing: %1</source>
        <translation>探测中：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warming up: %1</source>
        <translation>预热中：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Trial %1 of %2 finished: %3</source>
        <translation>第 %1/%2 次试验完成：%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trial %1 of %2: %3</source>
        <translation>第 %1/%2 次试验：%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cleaning up: %1</source>
        <translation>清理中：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Last trial: %1 failed: %2</source>
        <translation>上一次试验：%1 失败：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last trial: %1 took %2 s</source>
        <translation>上一次试验：%1 用时 %2 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>limited by %1</source>
        <translation>受限于 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tuning Lab — Floodgate</source>
        <translation>调优实验室 — Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tuning Lab: %1 — Floodgate</source>
        <translation>调优实验室：%1 — Floodgate</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Set up the experiment on the left, then Start. Or open one saved earlier.</source>
        <translation>在左侧设置实验，然后点击“开始”。也可以打开之前保存的实验。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open experiment…</source>
        <translation>打开实验…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show an experiment saved here or by `floodgate lab --json`</source>
        <translation>显示在此处保存或由 `floodgate lab --json` 生成的实验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save experiment…</source>
        <translation>保存实验…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save every trial and the summary as JSON, the form `floodgate lab --json` prints</source>
        <translation>将所有试验和汇总保存为 JSON，格式与 `floodgate lab --json` 的输出相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put an earlier experiment&apos;s medians beside this one&apos;s</source>
        <translation>将较早一次实验的中位数与本次实验的并列显示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Apply to this job</source>
        <translation>应用到此任务</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put the best setting&apos;s options into the job&apos;s form</source>
        <translation>将最佳配置的选项填入任务表单</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open experiment</source>
        <translation>打开实验</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+11"/>
        <source>Lab experiments (*.json);;All files (*)</source>
        <translation>实验室实验 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Save experiment</source>
        <translation>保存实验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lab experiments (*.json)</source>
        <translation>实验室实验 (*.json)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare with an experiment</source>
        <translation>与一次实验比较</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop after cancelling the trial running; the lab removes its scratch folder from the target and shows the trials that finished</source>
        <translation>取消正在运行的试验后停止；实验室会从目标中删除其临时文件夹，并显示已完成的试验</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Reproduce:</source>
        <translation>复现：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The command that runs a sync with the best setting; select it to copy</source>
        <translation>以最佳配置运行同步的命令；选中即可复制</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Time per setting</source>
        <translation>各配置用时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heat map</source>
        <translation>热力图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throughput curves</source>
        <translation>吞吐量曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The lab tries every combination of the levels you check, each several times in a random interleaved order after an untimed warm-up, and says which setting is fastest — or that the differences are within the runs&apos; spread. Then it charts the time of each setting, a heat map when two factors vary, and every trial&apos;s throughput over time.

It writes only into scratch folders named .fg-lab-… in the target, each removed after its trial, also after a cancel.</source>
        <translation>实验室会尝试你所勾选取值的每一种组合：每种组合在一次不计时的预热之后，以随机交错的顺序运行多次，然后告诉你哪个配置最快——或者各配置的差异在运行的波动范围之内。接着它会绘制每个配置的用时图、两个因子变化时的热力图，以及每次试验的吞吐量随时间变化的曲线。

它只会写入目标中名为 .fg-lab-… 的临时文件夹，每个文件夹在其试验结束后删除，取消时也一样。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Each setting&apos;s time appears here when the experiment ends: a box for the middle of its runs, whiskers to the fastest and the slowest.</source>
        <translation>实验结束后，这里会显示每个配置的用时：箱体表示居中的一半运行，须线延伸到最快和最慢的运行。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each trial&apos;s throughput appears here as it finishes.</source>
        <translation>每次试验完成后，其吞吐量会显示在这里。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%v of %m trials</source>
        <translation>%v/%m 次试验</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cancelling: the trial running stops and the lab removes its scratch folder from the target…</source>
        <translation>正在取消：正在运行的试验将停止，实验室会从目标中删除其临时文件夹…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 left</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The lab did not run: %1</source>
        <translation>实验室未运行：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cancelled after %1 of %2 trials (%3): the figures are of the trials that finished.</source>
        <translation>在 %2 次试验中完成 %1 次后已取消（%3）：数据来自已完成的试验。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Done: 1 trial in %1</source>
        <translation>完成：1 次试验，用时 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done: %1 trials in %2</source>
        <translation>完成：%1 次试验，用时 %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+20"/>
        <source>No setting finished a run.</source>
        <translation>没有任何配置完成一次运行。</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>No trial finished.</source>
        <translation>没有试验完成。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The best setting is marked in the table.</source>
        <translation>最佳配置已在表中标出。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>From %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 files</source>
        <translation>%1 个文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 run of each setting</source>
        <translation>每个配置运行 1 次</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 runs of each setting</source>
        <translation>每个配置运行 %1 次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seed %1</source>
        <translation>种子 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the probe&apos;s best network rate %1</source>
        <translation>探测到的最佳网络速率 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Showing %1</source>
        <translation>正在显示 %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 is in the job&apos;s form: Run there to use it.</source>
        <translation>%1 已填入任务表单：在那里点击“运行”即可使用。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>There is no experiment to save yet.</source>
        <translation>还没有可保存的实验。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <source>Cannot save to %1: %2</source>
        <translation>无法保存到 %1：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved to %1</source>
        <translation>已保存到 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>An experiment is running</source>
        <translation>有实验正在运行</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Run or open an experiment first, then compare it with another.</source>
        <translation>请先运行或打开一次实验，再与另一次比较。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Compared with %1</source>
        <translation>已与 %1 比较</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cancelling: the lab removes its scratch folder from the target, then this window closes…</source>
        <translation>正在取消：实验室会从目标中删除其临时文件夹，然后关闭此窗口…</translation>
    </message>
</context>
<context>
    <name>fgui::MainWindow</name>
    <message>
        <location filename="../widgets/main_window.cpp" line="+100"/>
        <location line="+640"/>
        <source>Floodgate</source>
        <translation>Floodgate</translation>
    </message>
    <message>
        <location line="-626"/>
        <source>This run is not in the history (%1); the run itself is not affected</source>
        <translation>本次运行未记入历史记录（%1）；运行本身不受影响</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Job &apos;%1&apos;: Preview to see what it would change, Run to run it.</source>
        <translation>任务“%1”：点击“预览”查看它会做哪些更改，点击“运行”执行。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Throughput appears here while a job runs.</source>
        <translation>任务运行时，吞吐量会显示在这里。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+78"/>
        <location line="+826"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location line="-903"/>
        <source>Streams</source>
        <translation>数据流</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Choose a source and a destination, then Preview to see what would change.</source>
        <translation>选择源和目标，然后点击“预览”查看将发生的更改。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>New job</source>
        <translation>新建任务</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Show what a run would change, without changing anything</source>
        <translation>显示运行会做哪些更改，但不做任何更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+511"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="-509"/>
        <source>Stop moving data for now and go on later: the connections stay open, nothing is lost</source>
        <translation>暂时停止传输数据，稍后继续：连接保持打开，不会丢失任何内容</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Tuning Lab…</source>
        <translation>调优实验室…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Try settings (streams, cipher, compression, …) against this job&apos;s destination and find the fastest</source>
        <translation>针对此任务的目标尝试各种设置（数据流、密码算法、压缩…），找出最快的</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>The one-time code `floodgate serve` printed when it started (floodgate pair --code)</source>
        <translation>`floodgate serve` 启动时打印的一次性配对码 (floodgate pair --code)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pair</source>
        <translation>配对</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Pair it with the one-time code that `floodgate serve` printed on %1:</source>
        <translation>使用 `floodgate serve` 在 %1 上打印的一次性配对码与其配对：</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Pairing with %1…</source>
        <translation>正在与 %1 配对…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pairing with %1</source>
        <translation>正在与 %1 配对</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Paired; the server&apos;s identity %1 is pinned</source>
        <translation>已配对；服务器身份 %1 已固定</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+23"/>
        <source>Pairing failed: %1</source>
        <translation>配对失败：%1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Paired with %1. Its identity %2 is pinned for later connections.</source>
        <translation>已与 %1 配对。其身份 %2 已固定，供以后的连接使用。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preview again</source>
        <translation>再次预览</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run again</source>
        <translation>再次运行</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Wrong pairing code. Use the code `floodgate serve` printed on %1; each code works only once.</source>
        <translation>配对码错误。请使用 `floodgate serve` 在 %1 上打印的配对码；每个配对码只能使用一次。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Follow active files</source>
        <translation>跟随活动文件</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Preview shows what a run would copy, update and delete.</source>
        <translation>预览会显示运行将复制、更新和删除的内容。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Everything</source>
        <translation>全部</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To copy</source>
        <translation>待复制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To update</source>
        <translation>待更新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To delete</source>
        <translation>待删除</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Folders, links, attributes</source>
        <translation>文件夹、链接、属性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Left out of the run</source>
        <translation>运行时略过</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear a row&apos;s box to leave it out of the next run.</source>
        <translation>取消勾选某行的复选框，下次运行时即略过该项。</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>The data connections of a floodgate:// job appear here while it runs: rate, RTT, congestion window and retransmits for each.</source>
        <translation>floodgate:// 任务运行时，其数据连接会显示在这里：每个连接的速率、RTT、拥塞窗口和重传次数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One stream: local and ssh jobs do not open data connections.</source>
        <translation>单个数据流：本地任务和 ssh 任务不打开数据连接。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A preview moves no data, so it opens no data connections.</source>
        <translation>预览不传输数据，因此不打开数据连接。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data connections appear here once the transfer starts.</source>
        <translation>传输开始后，数据连接会显示在这里。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This job opened no data connections.</source>
        <translation>此任务没有打开数据连接。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel requested</source>
        <translation>已请求取消</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>1 item</source>
        <translation>1 项</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 items</source>
        <translation>%1 项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The preview found %1 on the destination that the source lacks. This run deletes them from %2.

Run and delete them?</source>
        <translation>预览发现目标中有 %1 是源中没有的。本次运行会将它们从 %2 中删除。

运行并删除它们吗？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete files on the destination?</source>
        <translation>删除目标中的文件？</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run and delete</source>
        <translation>运行并删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run not started: deletions not confirmed</source>
        <translation>未开始运行：未确认删除</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Left out of this run, as the preview&apos;s table says: %n item(s)</source>
        <translation>
            <numerusform>按预览表格的勾选，本次运行略过 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <location line="+32"/>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ssh</source>
        <translation>ssh</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A preview moves no data: it only compares the two sides.</source>
        <translation>预览不传输数据：只比较两端。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Preview: %1</source>
        <translation>预览：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run: %1</source>
        <translation>运行：%1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cannot pause: %1</source>
        <translation>无法暂停：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Res&amp;ume</source>
        <translation>继续(&amp;U)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../widgets/main_window_menus.cpp" line="+74"/>
        <source>P&amp;ause</source>
        <translation>暂停(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+141"/>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="-130"/>
        <location line="+5"/>
        <source>Cannot apply %1</source>
        <translation>无法应用 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Applied %1 to the form: the next run uses it</source>
        <translation>已将 %1 应用到表单：下次运行将使用它</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is in the form: Run to try it</source>
        <translation>%1 已填入表单：点击“运行”即可试用</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>State: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>%1 % — Floodgate</source>
        <translation>%1 % — Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 % · %3</source>
        <translation>%1：%2 % · %3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No files yet</source>
        <translation>暂无文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 files</source>
        <translation>%1 个文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 active</source>
        <translation>%1 个进行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 done</source>
        <translation>%1 个已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 queued</source>
        <translation>%1 个排队中</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../widgets/main_window_menus.cpp" line="+86"/>
        <source>%1 failed</source>
        <translation>%1 个失败</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>too many to list: the %1 most recent are shown, failures are in the log</source>
        <translation>文件太多，无法全部列出：仅显示最近的 %1 个，失败的文件见日志</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing to do: the destination is up to date.</source>
        <translation>无需操作：目标已是最新。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preview shows what a run would copy, update and delete, before anything is changed.</source>
        <translation>预览会在做任何更改之前，显示运行将复制、更新和删除的内容。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>1 item on the destination will be deleted.</source>
        <translation>目标中将有 1 项被删除。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 items on the destination will be deleted.</source>
        <translation>目标中将有 %1 项被删除。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>1 file would not be written: its name collides with another on the destination (the red row at the top says which).</source>
        <translation>有 1 个文件不会被写入：其名称与目标中的另一个名称冲突（顶部的红色行指出了是哪个）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 files would not be written: their names collide with others on the destination (the red rows at the top say which).</source>
        <translation>有 %1 个文件不会被写入：其名称与目标中的其他名称冲突（顶部的红色行指出了是哪些）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 file would not be written: the destination cannot hold its name (the red row at the top says why).</source>
        <translation>有 1 个文件不会被写入：目标无法保存其名称（顶部的红色行说明了原因）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 files would not be written: the destination cannot hold their names (the red rows at the top say why).</source>
        <translation>有 %1 个文件不会被写入：目标无法保存其名称（顶部的红色行说明了原因）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 file has an error: a run would leave it out (the red row at the top says why).</source>
        <translation>有 1 个文件出错：运行时会略过它（顶部的红色行说明了原因）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 files have errors: a run would leave them out (the red rows at the top say why).</source>
        <translation>有 %1 个文件出错：运行时会略过它们（顶部的红色行说明了原因）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Store such names as look-alikes instead</source>
        <translation>改为以形似字符保存这类名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(a:b becomes a：b with a full-width colon, CON ＣON; syncing back with the same choice restores them)</source>
        <translation>（a:b 变为带全角冒号的 a：b，CON 变为 ＣON；以相同选项反向同步可还原）</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Failed after %1</source>
        <translation>%1 后失败</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Preview finished — nothing was changed</source>
        <translation>预览完成 — 未做任何更改</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed: this computer is not paired with %1</source>
        <translation>失败：本机未与 %1 配对</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>to copy</source>
        <translation>个待复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to update</source>
        <translation>个待更新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to delete</source>
        <translation>个待删除</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>to transfer</source>
        <translation>待传输</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>file transferred</source>
        <translation>个文件已传输</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>files transferred</source>
        <translation>个文件已传输</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deleted</source>
        <translation>个已删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>of data</source>
        <translation>数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on the wire</source>
        <translation>经网络传输</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>elapsed</source>
        <translation>用时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>average</source>
        <translation>平均</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>error</source>
        <translation>个错误</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>errors</source>
        <translation>个错误</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>and %1 more (see the Log tab)</source>
        <translation>还有 %1 个（见“日志”标签页）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+1"/>
        <source>Could not start</source>
        <translation>无法启动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not start: %1</source>
        <translation>无法启动：%1</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>A transfer is running</source>
        <translation>有传输正在进行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel the transfer and quit? Files already transferred stay; none is left half-written.</source>
        <translation>取消传输并退出吗？已传输的文件会保留；不会留下写了一半的文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel and quit</source>
        <translation>取消并退出</translation>
    </message>
    <message>
        <location filename="../widgets/main_window_menus.cpp" line="-99"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save job</source>
        <translation>保存任务(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save job &amp;as…</source>
        <translation>任务另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Se&amp;ttings…</source>
        <translation>设置(&amp;T)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Job</source>
        <translation>任务(&amp;J)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Preview</source>
        <translation>预览(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;chedule…</source>
        <translation>计划(&amp;C)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete job…</source>
        <translation>删除任务(&amp;D)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;History</source>
        <translation>历史记录(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tuning &amp;Lab…</source>
        <translation>调优实验室(&amp;L)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Documentation</source>
        <translation>文档(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Floodgate</source>
        <translation>关于 Floodgate(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every command and option is described by &lt;code&gt;floodgate --help&lt;/code&gt;, &lt;code&gt;floodgate sync --help&lt;/code&gt; and &lt;code&gt;man floodgate&lt;/code&gt;; the package puts the guides in /usr/share/doc/floodgate.</source>
        <translation>每个命令和选项的说明见 &lt;code&gt;floodgate --help&lt;/code&gt;、&lt;code&gt;floodgate sync --help&lt;/code&gt; 和 &lt;code&gt;man floodgate&lt;/code&gt;；软件包将指南安装在 /usr/share/doc/floodgate。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>About Floodgate</source>
        <translation>关于 Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Floodgate %1&lt;/h3&gt;&lt;p&gt;Fast, observable folder sync: delta, whole-file and parallel transfers over TLS or ssh, with the layer that limits each job named and how to fix it.&lt;/p&gt;&lt;p&gt;Built with Qt %2, OpenSSL, zstd, lz4, xxHash and SQLite.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Floodgate %1&lt;/h3&gt;&lt;p&gt;快速、可观测的文件夹同步：通过 TLS 或 ssh 进行增量、整文件和并行传输，并指出限制每个任务的是哪一层以及如何解决。&lt;/p&gt;&lt;p&gt;基于 Qt %2、OpenSSL、zstd、lz4、xxHash 和 SQLite 构建。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>%1 was cancelled</source>
        <translation>%1 已取消</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 finished with %n file(s) not synced</source>
        <translation>
            <numerusform>%1 已结束，有 %n 个文件未同步</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is done</source>
        <translation>%1 已完成</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Exit code %1.</source>
        <translation>退出码 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exit code %1: %2</source>
        <translation>退出码 %1：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>View → History has its log.</source>
        <translation>日志见“视图 → 历史记录”。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scheduled run of %1 failed (%2)</source>
        <translation>%1 的计划运行失败（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scheduled run of %1 did not finish cleanly (%2)</source>
        <translation>%1 的计划运行未正常完成（%2）</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The new language or folder takes effect when Floodgate starts again.</source>
        <translation>新的语言或文件夹将在 Floodgate 重新启动后生效。</translation>
    </message>
</context>
<context>
    <name>fgui::PipelineView</name>
    <message>
        <location filename="../widgets/pipeline_view.cpp" line="+29"/>
        <source>sender</source>
        <translation>发送端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>receiver</source>
        <translation>接收端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link</source>
        <translation>链路</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The pipeline appears here while a job moves data.</source>
        <translation>任务传输数据时，这里会显示数据管线。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Sender</source>
        <translation>发送端</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Receiver</source>
        <translation>接收端</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>The link between the two ends</source>
        <translation>两端之间的链路</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 on the %2: busy %3 of the time %4</source>
        <translation>%2的%1：%4有 %3 的时间处于忙碌</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>over the whole job</source>
        <translation>在整个任务期间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>over the last two seconds</source>
        <translation>在最近两秒内</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This is what limits the job.</source>
        <translation>这就是限制任务的因素。</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Measuring where the time goes…</source>
        <translation>正在测量时间花在了哪里…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No single layer limits the job</source>
        <translation>没有哪一层单独限制任务</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> on the %1</source>
        <translation> 位于 %1 端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (%1 % of the time)</source>
        <translation> (占 %1 % 的时间)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limited by %1</source>
        <translation>受限于 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fix: %1</source>
        <translation>解决办法：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fix:</source>
        <translation>解决办法：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Use %1</source>
        <translation>使用 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A running job keeps its settings: this applies to the form once it ends</source>
        <translation>正在运行的任务会保持其设置：任务结束后才会应用到表单</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Puts %1 into the form for the next run</source>
        <translation>将 %1 填入表单，供下次运行使用</translation>
    </message>
</context>
<context>
    <name>fgui::PlanModel</name>
    <message>
        <location filename="../models/plan_model.cpp" line="+113"/>
        <source>%1 to copy</source>
        <translation>%1 个待复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 to update</source>
        <translation>%1 个待更新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 folder to create</source>
        <translation>%1 个文件夹待创建</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 folders to create</source>
        <translation>%1 个文件夹待创建</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 link</source>
        <translation>%1 个链接</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 links</source>
        <translation>%1 个链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 attribute fixes</source>
        <translation>%1 项属性修正</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 to delete</source>
        <translation>%1 个待删除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 problem</source>
        <translation>1 个问题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 problems</source>
        <translation>%1 个问题</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n left out of the run</source>
        <translation>
            <numerusform>%n 个运行时略过</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 not listed here (too many to show; `floodgate sync -n` lists them all)</source>
        <translation>%1 项未在此列出（太多无法显示；`floodgate sync -n` 会全部列出）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to do: the destination is up to date</source>
        <translation>无需操作：目标已是最新</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged</source>
        <translation>未更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>create folder</source>
        <translation>创建文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link</source>
        <translation>链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>%1 — left out of the next run</source>
        <translation>%1 — 下次运行时略过</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>name collision</source>
        <translation>名称冲突</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name not allowed</source>
        <translation>名称不允许</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Clear a row&apos;s box to leave it out of the next run</source>
        <translation>取消勾选某行的复选框，下次运行时即略过该项</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Source size</source>
        <translation>源大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source modified</source>
        <translation>源修改时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination size</source>
        <translation>目标大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination modified</source>
        <translation>目标修改时间</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Path</source>
        <translation>路径</translation>
    </message>
</context>
<context>
    <name>fgui::SavedJobsPanel</name>
    <message>
        <location filename="../widgets/saved_jobs_panel.cpp" line="+41"/>
        <source>&lt;b&gt;Saved jobs&lt;/b&gt;</source>
        <translation>&lt;b&gt;已保存的任务&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Write the form into the chosen job</source>
        <translation>将表单写入所选任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save the form as a new job (a copy of the chosen one)</source>
        <translation>将表单另存为新任务（所选任务的副本）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+246"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="-246"/>
        <source>Delete the chosen job (and its schedule)</source>
        <translation>删除所选任务（及其计划）</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>The jobs `floodgate job` keeps: choose one to fill the form; `floodgate job run NAME` runs it from a script or a timer</source>
        <translation>`floodgate job` 保存的任务：选择一个即可填入表单；`floodgate job run NAME` 可从脚本或定时器运行它</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Schedule…</source>
        <translation>计划…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run the chosen job by itself: daily, weekly, every few hours</source>
        <translation>让所选任务自动运行：每天、每周、每隔几小时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The chosen job&apos;s runs: results, rates, errors and logs</source>
        <translation>所选任务的运行记录：结果、速率、错误和日志</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>next %1</source>
        <translation>下次 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>last run: %1</source>
        <translation>上次运行：%1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Job &apos;%1&apos; does not read: %2</source>
        <translation>无法读取任务“%1”：%2</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+5"/>
        <location line="+6"/>
        <location line="+12"/>
        <location line="+8"/>
        <location line="+6"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save job as</source>
        <translation>任务另存为</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name of the job (for `floodgate job run NAME`):</source>
        <translation>任务名称（用于 `floodgate job run NAME`）：</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Delete job?</source>
        <translation>删除任务？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the saved job &apos;%1&apos;? Its files and history stay; its schedule goes.</source>
        <translation>删除已保存的任务“%1”吗？其文件和历史记录会保留；其计划会被删除。</translation>
    </message>
</context>
<context>
    <name>fgui::ScheduleDialog</name>
    <message>
        <location filename="../widgets/schedule_dialog.cpp" line="+15"/>
        <source>Schedule — %1</source>
        <translation>计划 — %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When should &apos;%1&apos; run by itself? For example: &lt;i&gt;daily 02:00&lt;/i&gt;, &lt;i&gt;Mon-Fri 18:30&lt;/i&gt;, &lt;i&gt;Sat,Sun 09:00&lt;/i&gt;, &lt;i&gt;weekly Sun 03:00&lt;/i&gt;, &lt;i&gt;monthly 15 04:00&lt;/i&gt;, &lt;i&gt;hourly&lt;/i&gt;, &lt;i&gt;every 15m&lt;/i&gt;, &lt;i&gt;every 4h&lt;/i&gt;.</source>
        <translation>“%1”应在何时自动运行？例如：&lt;i&gt;daily 02:00&lt;/i&gt;、&lt;i&gt;Mon-Fri 18:30&lt;/i&gt;、&lt;i&gt;Sat,Sun 09:00&lt;/i&gt;、&lt;i&gt;weekly Sun 03:00&lt;/i&gt;、&lt;i&gt;monthly 15 04:00&lt;/i&gt;、&lt;i&gt;hourly&lt;/i&gt;、&lt;i&gt;every 15m&lt;/i&gt;、&lt;i&gt;every 4h&lt;/i&gt;。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>A systemd timer runs it, also while this window is closed; a run missed while the computer was off happens when it is next on. Each run is in the history.</source>
        <translation>由 systemd 定时器运行，此窗口关闭时也会运行；计算机关机期间错过的运行会在下次开机时进行。每次运行都会记入历史记录。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Set schedule</source>
        <translation>设置计划</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run only when asked</source>
        <translation>仅手动运行</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Runs %1; next: %2</source>
        <translation>运行时间：%1；下次：%2</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>fgui::SettingsDialog</name>
    <message>
        <location filename="../widgets/settings_dialog.cpp" line="+37"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The system&apos;s</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Where saved jobs, the history, this computer&apos;s keys and its pairings are kept (FLOODGATE_HOME); empty: the default</source>
        <translation>已保存的任务、历史记录、本机密钥及其配对信息的存放位置 (FLOODGATE_HOME)；留空：默认位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Floodgate folder:</source>
        <translation>Floodgate 文件夹：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>When any job ends</source>
        <translation>任何任务结束时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only when a job fails or leaves files out</source>
        <translation>仅当任务失败或略过文件时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notify:</source>
        <translation>通知：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1024-based: 1 MB = 1,048,576 bytes (as --bwlimit counts)</source>
        <translation>按 1024 计：1 MB = 1,048,576 字节（与 --bwlimit 一致）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1000-based: 1 MB = 1,000,000 bytes (as disk makers count)</source>
        <translation>按 1000 计：1 MB = 1,000,000 字节（与硬盘厂商一致）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sizes:</source>
        <translation>大小单位：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>For ever</source>
        <translation>永久</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep runs in the history:</source>
        <translation>历史记录保留：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The language and the folder take effect when Floodgate starts again.</source>
        <translation>语言和文件夹将在 Floodgate 重新启动后生效。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Floodgate folder</source>
        <translation>Floodgate 文件夹</translation>
    </message>
</context>
<context>
    <name>fgui::StreamTableModel</name>
    <message>
        <location filename="../models/stream_table_model.cpp" line="+72"/>
        <source>receiver&apos;s window %1</source>
        <translation>接收方窗口 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>send buffer %1</source>
        <translation>发送缓冲区 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>congestion window</source>
        <translation>拥塞窗口</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>stream %1</source>
        <translation>数据流 %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 sent, %2 received</source>
        <translation>已发送 %1，已接收 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The far end sends on this connection: these are its kernel&apos;s figures, from its reports.</source>
        <translation>对端在此连接上发送：这些是对端内核的数据，来自其报告。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>now %1, the least seen %2</source>
        <translation>当前 %1，最低 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stream</source>
        <translation>数据流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RTT</source>
        <translation>RTT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cwnd</source>
        <translation>cwnd</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delivery rate</source>
        <translation>交付速率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retransmits</source>
        <translation>重传</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Congestion</source>
        <translation>拥塞控制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limited by</source>
        <translation>受限于</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One data connection; the colour is its line on the chart</source>
        <translation>一条数据连接；颜色即其在图表中的曲线颜色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes on this connection per second, both directions, framing included</source>
        <translation>此连接每秒的字节数，双向合计，含帧开销</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent and received on this connection so far</source>
        <translation>此连接至今已发送和接收的字节数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round-trip time the kernel measures on this connection</source>
        <translation>内核在此连接上测得的往返时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Congestion window: packets the sender may have in flight before an answer</source>
        <translation>拥塞窗口：发送方在收到应答前最多可发出的数据包数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The kernel&apos;s estimate of what this connection delivers</source>
        <translation>内核对此连接交付能力的估计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Packets sent again: loss on the path, or a queue that overflowed</source>
        <translation>重新发送的数据包：路径上有丢包，或某个队列溢出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The TCP congestion control this connection uses</source>
        <translation>此连接使用的 TCP 拥塞控制算法</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What held what this end sends on it over the last moment, from the kernel: the receiver&apos;s window, our send buffer, or the congestion window (the path itself)</source>
        <translation>据内核统计，最近片刻内是什么限制了本端在此连接上的发送：接收方窗口、本端发送缓冲区，还是拥塞窗口（即路径本身）</translation>
    </message>
</context>
<context>
    <name>fgui::ThroughputChart</name>
    <message>
        <location filename="../charts/throughput_chart.cpp" line="+66"/>
        <source>Instantaneous</source>
        <translation>瞬时</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Smoothed</source>
        <translation>平滑</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>stream %1</source>
        <translation>数据流 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: %2 MB/s</source>
        <translation>%1：%2 MB/s</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>1 stream</source>
        <translation>1 个数据流</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 streams</source>
        <translation>%1 个数据流</translation>
    </message>
</context>
<context>
    <name>fgui::format</name>
    <message>
        <location filename="../widgets/format.cpp" line="+15"/>
        <source>file</source>
        <translation>个文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>files</source>
        <translation>个文件</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reconnecting…</source>
        <translation>正在重连…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scanning…</source>
        <translation>正在扫描…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transferring</source>
        <translation>正在传输</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finishing…</source>
        <translation>正在收尾…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+48"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+13"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>%1 %2 found</source>
        <translation>已找到 %1 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>ETA %1</source>
        <translation>预计剩余 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 %3</source>
        <translation>%1 / %2 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finishing up</source>
        <translation>正在收尾</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Preview finished in %1</source>
        <translation>预览完成，用时 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nothing was changed</source>
        <translation>未做任何更改</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 in %2</source>
        <translation>%1，用时 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 average</source>
        <translation>平均 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %2 transferred</source>
        <translation>已传输 %1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 deleted</source>
        <translation>已删除 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 errors</source>
        <translation>%1 个错误</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed after %1</source>
        <translation>%1 后失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled after %1</source>
        <translation>%1 后取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 transferred</source>
        <translation>已传输 %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../../app/gui/main.cpp" line="+42"/>
        <source>Fast, observable folder sync.</source>
        <translation>快速、可观测的文件夹同步。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sync a generated sample tree to a daemon on this machine.</source>
        <translation>将生成的示例目录树同步到本机上的守护进程。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show the window in LANGUAGE: en, es, ja or zh_CN (default: the system&apos;s).</source>
        <translation>以 LANGUAGE 显示窗口：en、es、ja 或 zh_CN（默认：系统语言）。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The demo could not be prepared</source>
        <translation>无法准备演示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preparing the demo: writing a sample tree and starting a local daemon…</source>
        <translation>正在准备演示：写入示例目录树并启动本地守护进程…</translation>
    </message>
</context>
</TS>
