<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>LabReportReader</name>
    <message>
        <location filename="../lab/lab_report_reader.cpp" line="+110"/>
        <source>Not JSON: %1 (at byte %2)</source>
        <translation>No es JSON: %1 (en el byte %2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not a Floodgate lab experiment: it has no trials or no summary of settings (save one from the Tuning Lab, or run `floodgate lab --json`)</source>
        <translation>No es un experimento del laboratorio de Floodgate: no tiene pruebas o le falta el resumen de configuraciones (guarde uno desde el Laboratorio de ajuste o ejecute `floodgate lab --json`)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>A setting in the summary has no name</source>
        <translation>Una configuración del resumen no tiene nombre</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>A trial of &quot;%1&quot;, a setting the summary does not list</source>
        <translation>Una prueba de “%1”, una configuración que el resumen no incluye</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The best setting &quot;%1&quot; is not among the settings</source>
        <translation>La mejor configuración, “%1”, no está entre las configuraciones</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot read %1: %2</source>
        <translation>No se puede leer %1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is too big to be a lab experiment</source>
        <translation>%1 es demasiado grande para ser un experimento del laboratorio</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>fgui::BottleneckStrip</name>
    <message>
        <location filename="../charts/bottleneck_strip.cpp" line="+62"/>
        <source>limit</source>
        <translation>límite</translation>
    </message>
    <message>
        <location line="+20"/>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1%2 from %3 s to %4 s</source>
        <translation>%1%2, de %3 s a %4 s</translation>
    </message>
</context>
<context>
    <name>fgui::FileTableModel</name>
    <message>
        <location filename="../models/file_table_model.cpp" line="+356"/>
        <source>copy</source>
        <translation>copiar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>update</source>
        <translation>actualizar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete</source>
        <translation>eliminar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fix attributes</source>
        <translation>corregir atributos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link</source>
        <translation>crear enlace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>create folder</source>
        <translation>crear carpeta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged</source>
        <translation>sin cambios</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>queued</source>
        <translation>en cola</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>active</source>
        <translation>en curso</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>deleted</source>
        <translation>eliminado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attributes fixed</source>
        <translation>atributos corregidos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>linked</source>
        <translation>enlazado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
        <translation>completado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>con error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>detenido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not transferred</source>
        <translation>no transferido</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Method</source>
        <translation>Método</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>Progreso</translation>
    </message>
</context>
<context>
    <name>fgui::HistoryChart</name>
    <message>
        <location filename="../charts/history_chart.cpp" line="+45"/>
        <source>Rate (MB/s)</source>
        <translation>Velocidad (MB/s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration (s)</source>
        <translation>Duración (s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed or cancelled</source>
        <translation>Con error o cancelado</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
</context>
<context>
    <name>fgui::HistoryModel</name>
    <message>
        <location filename="../models/history_model.cpp" line="+47"/>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Dry run</source>
        <translation>Simulación</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>OK</source>
        <translation>Correcto</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Partial (exit %1)</source>
        <translation>Parcial (salida %1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed (exit %1)</source>
        <translation>Con error (salida %1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Window</source>
        <translation>Ventana</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schedule</source>
        <translation>Programación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command line</source>
        <translation>Línea de comandos</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(not saved)</source>
        <translation>(sin guardar)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Suggested: %1</source>
        <translation>Sugerencia: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Started</source>
        <translation>Inicio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job</source>
        <translation>Trabajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>Duración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>Archivos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data</source>
        <translation>Datos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limited by</source>
        <translation>Limitado por</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started from</source>
        <translation>Iniciado desde</translation>
    </message>
</context>
<context>
    <name>fgui::HistoryWindow</name>
    <message>
        <location filename="../widgets/history_window.cpp" line="+39"/>
        <source>History — Floodgate</source>
        <translation>Historial — Floodgate</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Job:</source>
        <translation>Trabajo:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the history again (runs from the command line or a schedule appear)</source>
        <translation>Volver a leer el historial (aparecen las ejecuciones desde la línea de comandos o una programación)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No runs yet: each run of this job adds its rate and duration here.</source>
        <translation>Aún no hay ejecuciones: cada ejecución de este trabajo añade aquí su velocidad y su duración.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Choose a run to see its command, errors and log.</source>
        <translation>Elija una ejecución para ver su comando, sus errores y su registro.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save this run&apos;s command, errors and log to a text file</source>
        <translation>Guardar el comando, los errores y el registro de esta ejecución en un archivo de texto</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Export the run</source>
        <translation>Exportar la ejecución</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Text files (*.txt)</source>
        <translation>Archivos de texto (*.txt)</translation>
    </message>
    <message>
        <location line="+147"/>
        <source>The history cannot be read: %1</source>
        <translation>No se puede leer el historial: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-75"/>
        <source>%n run(s) could not be recorded; the last: %1</source>
        <translation>
            <numerusform>No se pudo registrar %n ejecución; la última: %1</numerusform>
            <numerusform>No se pudieron registrar %n ejecuciones; la última: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n ejecución</numerusform>
            <numerusform>%n ejecuciones</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source>All jobs</source>
        <translation>Todos los trabajos</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This run cannot be read: %1</source>
        <translation>No se puede leer esta ejecución: %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The run could not be exported to %1: %2</source>
        <translation>No se pudo exportar la ejecución a %1: %2</translation>
    </message>
</context>
<context>
    <name>fgui::JobForm</name>
    <message>
        <location filename="../widgets/job_form.cpp" line="+104"/>
        <source>Use 1M to 4G (or leave empty for auto): smaller chunks cost more than they spread, bigger ones cannot balance the streams</source>
        <translation>Use de 1M a 4G (o déjelo vacío para Auto): los fragmentos más pequeños cuestan más de lo que reparten, y los más grandes no permiten equilibrar los flujos</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Suffix: &apos;%1&apos; holds a /, which a file name cannot</source>
        <translation>Sufijo: “%1” contiene una /, que un nombre de archivo no admite</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Suffix: longer than 64 bytes</source>
        <translation>Sufijo: más de 64 bytes</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Backups: %1</source>
        <translation>Copias de seguridad: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Link unchanged files from: at most %1 folders, not %2</source>
        <translation>Enlazar archivos sin cambios desde: como máximo %1 carpetas, no %2</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+675"/>
        <location line="+437"/>
        <location line="+483"/>
        <source>Keep partial files in</source>
        <translation>Guardar archivos parciales en</translation>
    </message>
    <message>
        <location line="-1594"/>
        <source>Keep replaced and deleted files</source>
        <translation>Conservar archivos reemplazados y eliminados</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>“Write files in place” and “%1”: %2</source>
        <translation>“Escribir archivos en su sitio” y “%1”: %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>1 day</source>
        <translation>1 día</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 days</source>
        <translation>%1 días</translation>
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
        <translation>Omitir el contenido de carpetas que contengan: “%1” es una ruta; indique un nombre de archivo, como .nobackup</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Give everything to: write USER, :GROUP or USER:GROUP</source>
        <translation>Asignar todo a: escriba USUARIO, :GRUPO o USUARIO:GRUPO</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Local folder</source>
        <translation>Carpeta local</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local folder: its contents are synced</source>
        <translation>Carpeta local: se sincroniza su contenido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local folder: copied as a folder (end with / to sync its contents)</source>
        <translation>Carpeta local: se copia como carpeta (termine con / para sincronizar su contenido)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Floodgate daemon %1:%2, module “%3”</source>
        <translation>Demonio de Floodgate %1:%2, módulo “%3”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, path %1</source>
        <translation>, ruta %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>SSH to %1, path %2</source>
        <translation>SSH a %1, ruta %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(home folder)</source>
        <translation>(carpeta personal)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Folder, floodgate://host:port/module/path or user@host:path</source>
        <translation>Carpeta, floodgate://host:port/module/path o user@host:path</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Destination</source>
        <translation>Destino</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Options</source>
        <translation>Opciones</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dry run (change nothing)</source>
        <translation>Simulación (no cambiar nada)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plan and report what would change, but change nothing (-n)</source>
        <translation>Planificar e informar de lo que cambiaría, sin cambiar nada (-n)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete extraneous files</source>
        <translation>Eliminar archivos sobrantes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove what the destination has and the source lacks (--delete)</source>
        <translation>Quitar lo que tiene el destino y no tiene el origen (--delete)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Files and folders on the destination that the source lacks will be deleted. Preview first.</source>
        <translation>Se eliminarán los archivos y carpetas del destino que no estén en el origen. Haga antes una vista previa.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Make missing destination folders</source>
        <translation>Crear las carpetas de destino que falten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create the destination&apos;s missing parent folders; without this they must exist (--mkpath)</source>
        <translation>Crear las carpetas superiores del destino que falten; sin esta opción deben existir (--mkpath)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Also delete excluded files</source>
        <translation>Eliminar también los archivos excluidos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paths on the destination that the filters exclude are deleted too; by default they are kept (--delete-excluded)</source>
        <translation>También se eliminan las rutas del destino que excluyen los filtros; de forma predeterminada se conservan (--delete-excluded)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>At most</source>
        <translation>Como máximo</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>deletions</source>
        <translation>eliminaciones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete at most this many entries; the rest are kept and listed, and the job reports that it stopped deleting. 0 deletes nothing (--max-delete)</source>
        <translation>Eliminar como máximo este número de entradas; el resto se conserva y se enumera, y el trabajo indica que dejó de eliminar. 0 no elimina nada (--max-delete)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Remove copied source files</source>
        <translation>Quitar del origen los archivos copiados</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Once the job is done, each file the destination has (sent, or there already as it is) is removed from the source; a file that changed after it was read is kept, and folders stay (--remove-source-files)</source>
        <translation>Al terminar el trabajo, cada archivo que tiene el destino (enviado, o ya presente tal cual) se quita del origen; un archivo que cambió después de leerse se conserva, y las carpetas se quedan (--remove-source-files)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Files are deleted from the source once the destination has them: a move, not a copy. Preview first.</source>
        <translation>Los archivos se eliminan del origen en cuanto el destino los tiene: es mover, no copiar. Haga antes una vista previa.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare by checksum</source>
        <translation>Comparar por suma de comprobación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare file contents by hash instead of size and time: slower, exact (-c)</source>
        <translation>Comparar el contenido de los archivos por hash en lugar de por tamaño y fecha: más lento, exacto (-c)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Transfer</source>
        <translation>Transferencia</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>unlimited</source>
        <translation>sin límite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shared by all streams (--bwlimit). A rate such as 20M, or a timetable: rules are tried in order and the first that matches the day and time applies, for example “Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M”. 0 or off: unlimited.</source>
        <translation>Compartido por todos los flujos (--bwlimit). Una velocidad como 20M, o un horario: las reglas se prueban en orden y se aplica la primera que coincide con el día y la hora, por ejemplo “Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M”. 0 u off: sin límite.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1332"/>
        <source>Bandwidth limit</source>
        <translation>Límite de ancho de banda</translation>
    </message>
    <message>
        <location line="-1322"/>
        <location line="+11"/>
        <location line="+74"/>
        <source>Auto</source>
        <translation>Auto</translation>
    </message>
    <message>
        <location line="-83"/>
        <source>Data connections to the daemon besides the control connection (--streams). Auto starts with 2 and adds 2 at a time, up to 8, while the total rate still rises by 10 % or more.</source>
        <translation>Conexiones de datos con el demonio además de la conexión de control (--streams). Auto empieza con 2 y añade 2 cada vez, hasta 8, mientras la velocidad total siga subiendo un 10 % o más.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Streams</source>
        <translation>Flujos</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Big files are cut into chunks of this size and spread over the streams (--chunk-size), 1M to 4G. Auto picks a size per file from its size and the number of streams.</source>
        <translation>Los archivos grandes se cortan en fragmentos de este tamaño y se reparten entre los flujos (--chunk-size), de 1M a 4G. Auto elige un tamaño para cada archivo según su tamaño y el número de flujos.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1318"/>
        <source>Chunk size</source>
        <translation>Tamaño de fragmento</translation>
    </message>
    <message>
        <location line="-1313"/>
        <source>Default (bbr where available)</source>
        <translation>Predeterminado (bbr donde esté disponible)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TCP congestion control for the data connections (--congestion). The list is what this computer&apos;s kernel offers; the daemon&apos;s end uses the same where its kernel has it.</source>
        <translation>Control de congestión TCP de las conexiones de datos (--congestion). La lista es lo que ofrece el kernel de este equipo; el extremo del demonio usa el mismo si su kernel lo tiene.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Congestion control</source>
        <translation>Control de congestión</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+32"/>
        <source>Auto (default)</source>
        <translation>Auto (predeterminado)</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>None (unencrypted)</source>
        <translation>Ninguno (sin cifrar)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the connections to the daemon are encrypted (--cipher, TLS 1.3). None still checks both ends&apos; identities and keeps the control connection encrypted, but sends file data in the clear; the daemon&apos;s module must allow it (--allow-plaintext).</source>
        <translation>Cómo se cifran las conexiones con el demonio (--cipher, TLS 1.3). Con Ninguno se siguen verificando las identidades de ambos extremos y la conexión de control sigue cifrada, pero los datos de los archivos se envían sin cifrar; el módulo del demonio debe permitirlo (--allow-plaintext).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cipher</source>
        <translation>Algoritmo de cifrado</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>When the job ends (default)</source>
        <translation>Al terminar el trabajo (predeterminado)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After each file</source>
        <translation>Después de cada archivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left to the system</source>
        <translation>A cargo del sistema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When written files are forced to the disk (--fsync). A job that says done has its files on disk, unless this is left to the system.</source>
        <translation>Cuándo se fuerzan al disco los archivos escritos (--fsync). Un trabajo que indica que ha terminado tiene sus archivos en disco, salvo que esto quede a cargo del sistema.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Write to disk</source>
        <translation>Escritura en disco</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Only the differences</source>
        <translation>Solo las diferencias</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole files</source>
        <translation>Archivos completos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How a changed file travels when the destination has an old copy of it (-W / --no-whole-file).</source>
        <translation>Cómo viaja un archivo modificado cuando el destino tiene una copia antigua (-W / --no-whole-file).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Changed files</source>
        <translation>Archivos modificados</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>None (default)</source>
        <translation>Ninguna (predeterminado)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zstandard, fast (level 1)</source>
        <translation>Zstandard, rápida (nivel 1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zstandard (level 3)</source>
        <translation>Zstandard (nivel 3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zstandard, strong (level 9)</source>
        <translation>Zstandard, fuerte (nivel 9)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How file data is compressed on the wire (--compress, -z for Auto). Each frame is compressed on its own; one that does not shrink by a few percent goes as it is.</source>
        <translation>Cómo se comprimen los datos de los archivos en la red (--compress, -z para Auto). Cada trama se comprime por separado; la que no se reduce al menos un pequeño porcentaje se envía tal cual.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1234"/>
        <source>Compression</source>
        <translation>Compresión</translation>
    </message>
    <message>
        <location line="-1229"/>
        <source>XXH3-128 (default)</source>
        <translation>XXH3-128 (predeterminado)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The hash every chunk and every file is verified with before it replaces the old version, and the one &quot;Compare by checksum&quot; compares by (--checksum-choice).</source>
        <translation>El hash con el que se verifica cada fragmento y cada archivo antes de reemplazar la versión antigua, y el que usa “Comparar por suma de comprobación” (--checksum-choice).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>File checksum</source>
        <translation>Suma de comprobación de archivos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(ssh default)</source>
        <translation>(predeterminado de ssh)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The cipher ssh uses for user@host:path jobs (--ssh-cipher, passed to ssh as -c). The list is what this computer&apos;s ssh offers; the server must offer it too.</source>
        <translation>El algoritmo de cifrado que usa ssh en los trabajos user@host:path (--ssh-cipher, se pasa a ssh como -c). La lista es lo que ofrece el ssh de este equipo; el servidor también debe ofrecerlo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1242"/>
        <source>SSH cipher</source>
        <translation>Algoritmo de cifrado SSH</translation>
    </message>
    <message>
        <location line="-1228"/>
        <source>Filters</source>
        <translation>Filtros</translation>
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
        <translation>Excluir, un patrón por línea</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Include, one pattern per line</source>
        <translation>Incluir, un patrón por línea</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Includes are checked before excludes; the first pattern that matches decides.</source>
        <translation>Las inclusiones se comprueban antes que las exclusiones; decide el primer patrón que coincide.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Which files</source>
        <translation>Qué archivos</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Keep newer destination files (-u)</source>
        <translation>Conservar archivos más recientes del destino (-u)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep a destination file whose time is newer than the source&apos;s (-u, --update)</source>
        <translation>Conservar un archivo del destino cuya fecha sea más reciente que la del origen (-u, --update)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only new files (--ignore-existing)</source>
        <translation>Solo archivos nuevos (--ignore-existing)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip every file the destination already has, changed or not (--ignore-existing)</source>
        <translation>Omitir todo archivo que el destino ya tenga, haya cambiado o no (--ignore-existing)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only existing files (--existing)</source>
        <translation>Solo archivos existentes (--existing)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create nothing new, files or folders: update only what the destination has (--existing)</source>
        <translation>No crear nada nuevo, ni archivos ni carpetas: actualizar solo lo que tiene el destino (--existing)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare by size only (--size-only)</source>
        <translation>Comparar solo por tamaño (--size-only)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file of the same size counts as unchanged, whatever its time (--size-only)</source>
        <translation>Un archivo del mismo tamaño cuenta como sin cambios, sea cual sea su fecha (--size-only)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send files even if unchanged (-I)</source>
        <translation>Enviar archivos aunque no hayan cambiado (-I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send every file, even one whose size and time match, as differences where the destination has a copy (-I, --ignore-times)</source>
        <translation>Enviar todos los archivos, incluso los que coinciden en tamaño y fecha, como diferencias donde el destino tiene una copia (-I, --ignore-times)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Append only (--append-verify)</source>
        <translation>Solo añadir (--append-verify)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For files that only grow, such as logs and downloads: a destination file as long as the source&apos;s or longer is left alone, even if its content differs; a shorter one gets the rest, and the whole file is verified before it replaces the old one (--append-verify, --append)</source>
        <translation>Para archivos que solo crecen, como registros y descargas: un archivo del destino igual de largo que el del origen o más se deja como está, aunque su contenido difiera; uno más corto recibe el resto, y se verifica el archivo completo antes de que reemplace al antiguo (--append-verify, --append)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Shorter destination files get the rest; ones at full length or longer are left as they are, even if they differ.</source>
        <translation>Los archivos del destino más cortos reciben el resto; los que tienen la longitud completa o más se dejan como están, aunque difieran.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no limit</source>
        <translation>sin límite</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Skip files larger than this, such as 100M or 1.5G (--max-size)</source>
        <translation>Omitir archivos mayores que esto, como 100M o 1.5G (--max-size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip files smaller than this, such as 4K (--min-size)</source>
        <translation>Omitir archivos menores que esto, como 4K (--min-size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip files larger than</source>
        <translation>Omitir archivos mayores que</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip files smaller than</source>
        <translation>Omitir archivos menores que</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stay on one file system (-x)</source>
        <translation>Permanecer en un solo sistema de archivos (-x)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Do not cross into other file systems: a folder that is another one&apos;s mount point comes empty, and --delete leaves what the destination has in it alone (-x, --one-file-system)</source>
        <translation>No pasar a otros sistemas de archivos: una carpeta que es punto de montaje de otro llega vacía, y --delete no toca lo que el destino tiene en ella (-x, --one-file-system)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Skip links out of the tree</source>
        <translation>Omitir enlaces que salen del árbol</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip symlinks that point out of the source: absolute ones, and ones that climb above it (--safe-links)</source>
        <translation>Omitir los enlaces simbólicos que apuntan fuera del origen: los absolutos y los que suben por encima de él (--safe-links)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy what links point to (-L)</source>
        <translation>Copiar aquello a lo que apuntan los enlaces (-L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Symlinks arrive as what they point to: a file as a file, a folder with its contents (filtered as the folder it is). A link to nothing is an error, and a link back into a folder being copied is skipped with a warning. A daemon follows only links whose target stays inside its module (-L, --copy-links)</source>
        <translation>Los enlaces simbólicos llegan como aquello a lo que apuntan: un archivo como archivo, una carpeta con su contenido (filtrado como la carpeta que es). Un enlace que no apunta a nada es un error, y un enlace que vuelve a una carpeta que se está copiando se omite con una advertencia. Un demonio solo sigue los enlaces cuyo destino queda dentro de su módulo (-L, --copy-links)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A folder that holds a file of one of these names comes without its contents, and --delete leaves what the destination has in it alone. Names, not paths; several separated by commas (--exclude-if-present)</source>
        <translation>Una carpeta que contiene un archivo con uno de estos nombres llega sin su contenido, y --delete no toca lo que el destino tiene en ella. Nombres, no rutas; varios separados por comas (--exclude-if-present)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Skip the contents of folders holding</source>
        <translation>Omitir el contenido de carpetas que contengan</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Metadata</source>
        <translation>Metadatos</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Permissions (-p)</source>
        <translation>Permisos (-p)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy and compare permissions. Off: files the destination has keep theirs, new ones get the source&apos;s less the receiving end&apos;s umask (--no-perms)</source>
        <translation>Copiar y comparar los permisos. Desactivado: los archivos que ya tiene el destino conservan los suyos, y los nuevos reciben los del origen menos la umask del extremo receptor (--no-perms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Modification times (-t)</source>
        <translation>Fechas de modificación (-t)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set modification times as the source has them. Off: they are not set, so every file looks changed the next time, as in rsync (--no-times)</source>
        <translation>Establecer las fechas de modificación tal como las tiene el origen. Desactivado: no se establecen, así que todos los archivos parecen modificados la próxima vez, como en rsync (--no-times)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Hard links (-H)</source>
        <translation>Enlaces duros (-H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files that are hard links of each other in the source arrive linked, not as copies (-H, --hard-links)</source>
        <translation>Los archivos que en el origen son enlaces duros entre sí llegan enlazados, no como copias (-H, --hard-links)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Leave out (default)</source>
        <translation>Omitir (predeterminado)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Store as look-alikes</source>
        <translation>Guardar con caracteres similares</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Try as they are</source>
        <translation>Intentar tal cual</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Names a Windows drive or share cannot hold (a:b, CON, a final dot) and names only case tells apart (--name-mapping). Look-alikes: a:b is stored as a：b, CON as ＣON, the second of Photo.jpg and photo.jpg as photo‛2.jpg; a sync back with the same choice restores the names exactly.</source>
        <translation>Nombres que una unidad o un recurso compartido de Windows no admite (a:b, CON, un punto final) y nombres que solo se distinguen por mayúsculas y minúsculas (--name-mapping). Caracteres similares: a:b se guarda como a：b, CON como ＣON, el segundo de Photo.jpg y photo.jpg como photo‛2.jpg; una sincronización de vuelta con la misma opción restaura los nombres exactamente.</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Keep what an interrupted run received of a big file in this folder, as DIR/NAME inside each file&apos;s own folder, for the next run to resume from (--partial-dir, like rsync&apos;s .rsync-partial). Made when needed, removed once empty; never sent, and “Delete extraneous files” leaves it (“Also delete excluded files” removes it, as in rsync). A folder name, without .. or wildcards; not with “Write files in place”. Empty: beside each file as .NAME.fg-partial</source>
        <translation>Guardar en esta carpeta lo que una ejecución interrumpida recibió de un archivo grande, como DIR/NOMBRE dentro de la propia carpeta de cada archivo, para que la siguiente ejecución continúe desde ahí (--partial-dir, como .rsync-partial de rsync). Se crea cuando hace falta y se quita cuando queda vacía; nunca se envía, y “Eliminar archivos sobrantes” la deja (“Eliminar también los archivos excluidos” la quita, como en rsync). Un nombre de carpeta, sin .. ni comodines; no compatible con “Escribir archivos en su sitio”. Vacío: al lado de cada archivo, como .NOMBRE.fg-partial</translation>
    </message>
    <message>
        <location line="+353"/>
        <source>Where only Windows&apos; names fit, a:b arrives as a：b (a full-width colon); syncing it back with this choice restores a:b. Everywhere else names go as they are.</source>
        <translation>Donde solo caben nombres válidos en Windows, a:b llega como a：b (dos puntos de ancho completo); al sincronizarlo de vuelta con esta opción se restaura a:b. En los demás casos, los nombres van tal cual.</translation>
    </message>
    <message>
        <location line="+261"/>
        <source>More connections fill long, fast links; 2–4 suit most.</source>
        <translation>Más conexiones llenan los enlaces largos y rápidos; con 2–4 basta casi siempre.</translation>
    </message>
    <message>
        <location line="-719"/>
        <source>Names the destination cannot hold</source>
        <translation>Nombres que el destino no admite</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>D755,F644 or go-w</source>
        <translation>D755,F644 o go-w</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change the permissions on the way, as chmod would (--chmod): 644, u+rw, go-w, a=rX; D for folders only, F for files only; several separated by commas, applied in order</source>
        <translation>Cambiar los permisos por el camino, como haría chmod (--chmod): 644, u+rw, go-w, a=rX; D solo para carpetas, F solo para archivos; varios separados por comas, aplicados en orden</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+431"/>
        <location line="+568"/>
        <source>Change permissions</source>
        <translation>Cambiar permisos</translation>
    </message>
    <message>
        <location line="-988"/>
        <source>Owners (-o)</source>
        <translation>Propietarios (-o)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give each file the source&apos;s owner, matched by name (-o, --owner)</source>
        <translation>Dar a cada archivo el propietario que tiene en el origen, buscado por nombre (-o, --owner)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Groups (-g)</source>
        <translation>Grupos (-g)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give each file the source&apos;s group, matched by name (-g, --group)</source>
        <translation>Dar a cada archivo el grupo que tiene en el origen, buscado por nombre (-g, --group)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>By number, not name</source>
        <translation>Por número, no por nombre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep owners and groups by their numbers rather than matching names on the receiving end (--numeric-ids)</source>
        <translation>Conservar propietarios y grupos por su número en lugar de buscar sus nombres en el extremo receptor (--numeric-ids)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>user:group, user or :group</source>
        <translation>usuario:grupo, usuario o :grupo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give everything this owner and group, whatever the source has; either may be left out (--chown USER:GROUP)</source>
        <translation>Asignar a todo este propietario y grupo, tenga lo que tenga el origen; cualquiera de los dos puede omitirse (--chown USER:GROUP)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give everything to</source>
        <translation>Asignar todo a</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Backups &amp;&amp; snapshots</source>
        <translation>Copias de seguridad &amp;&amp; instantáneas</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep replaced and deleted files (-b)</source>
        <translation>Conservar archivos reemplazados y eliminados (-b)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep what the job replaces or deletes: beside it as NAME~, or in a backup folder (-b, --backup)</source>
        <translation>Conservar lo que el trabajo reemplaza o elimina: al lado, como NOMBRE~, o en una carpeta de copias de seguridad (-b, --backup)</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+30"/>
        <source>beside each file</source>
        <translation>al lado de cada archivo</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>Keep backups in this folder, under their own paths (--backup-dir). Relative: below the destination, and --delete leaves it alone. Empty: beside each file</source>
        <translation>Guardar las copias de seguridad en esta carpeta, con sus propias rutas (--backup-dir). Relativa: bajo el destino, y --delete no la toca. Vacío: al lado de cada archivo</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Added to each backup&apos;s name (--suffix). Empty: ~ beside each file, nothing in a backup folder</source>
        <translation>Se añade al nombre de cada copia de seguridad (--suffix). Vacío: ~ al lado de cada archivo, nada en una carpeta de copias de seguridad</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder</source>
        <translation>Carpeta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suffix</source>
        <translation>Sufijo</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Write files in place (--inplace)</source>
        <translation>Escribir archivos en su sitio (--inplace)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write a changed file over its old copy instead of into a temporary file renamed into place: it keeps its inode, so hard links to it and file-system snapshots keep sharing it, and a big file needs no room for a second copy. Until it is complete the file is neither its old nor its new version; a failure leaves it so, and a re-run completes it. Sent whole for now; not with -b (--inplace)</source>
        <translation>Escribir un archivo modificado sobre su copia antigua en lugar de en un archivo temporal que luego se renombra: conserva su inodo, así que los enlaces duros a él y las instantáneas del sistema de archivos lo siguen compartiendo, y un archivo grande no necesita espacio para una segunda copia. Hasta que se completa, el archivo no es ni su versión antigua ni la nueva; un fallo lo deja así, y una nueva ejecución lo completa. Por ahora se envía completo; no compatible con -b (--inplace)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Earlier snapshots, one folder per line, up to %1 (--link-dest; relative: to the destination). A file one of them has unchanged is hard-linked from it instead of sent: dated backups that share unchanged files</source>
        <translation>Instantáneas anteriores, una carpeta por línea, hasta %1 (--link-dest; relativas: al destino). Un archivo que una de ellas tiene sin cambios se enlaza desde ella con un enlace duro en lugar de enviarse: copias de seguridad fechadas que comparten los archivos sin cambios</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Link unchanged files from</source>
        <translation>Enlazar archivos sin cambios desde</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Advanced</source>
        <translation>Avanzado</translation>
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
        <translation>Predeterminado</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Stop the job (exit 30) once nothing has come from the far end, a daemon or an SSH host, and no file has moved for this many seconds: it was stopped, hangs, or the link went down without a reset. The far end reports four times a second while it works, so a busy one is never taken for a dead one. Default: after 5 min of total silence from it (--timeout)</source>
        <translation>Detener el trabajo (código de salida 30) cuando no haya llegado nada del otro extremo, sea un demonio o un host SSH, y ningún archivo se haya movido durante este número de segundos: se detuvo, se colgó o el enlace cayó sin un reset TCP. El otro extremo informa cuatro veces por segundo mientras trabaja, así que uno ocupado nunca se confunde con uno caído. Predeterminado: tras 5 min de silencio total por su parte (--timeout)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Give up connecting to a daemon (exit 35) after this many seconds, TCP and TLS handshake together. Default: 10 s to connect and 15 s for the handshake. SSH jobs connect through ssh, whose own ConnectTimeout goes in the SSH command (--contimeout)</source>
        <translation>Dejar de intentar conectar con un demonio (código de salida 35) tras este número de segundos, conexión TCP y negociación TLS juntas. Predeterminado: 10 s para conectar y 15 s para la negociación. Los trabajos SSH se conectan mediante ssh, cuyo propio ConnectTimeout va en el comando SSH (--contimeout)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Off</source>
        <translation>Desactivado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When the connections to a daemon drop mid-job (the link went down, the daemon restarted), reconnect for up to this many seconds, waiting longer between tries, and go on with the job from what the destination already has: files already there are not sent again, a half-sent file resumes. Off: the job fails at once (--retry-for; default %1 s)</source>
        <translation>Cuando las conexiones con un demonio caen a mitad del trabajo (el enlace cayó, el demonio se reinició), volver a conectar durante hasta este número de segundos, esperando más entre intentos, y continuar el trabajo a partir de lo que ya tiene el destino: los archivos que ya están no se vuelven a enviar y un archivo a medio enviar se reanuda. Desactivado: el trabajo falla de inmediato (--retry-for; predeterminado: %1 s)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Idle timeout</source>
        <translation>Tiempo límite de inactividad</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connect timeout</source>
        <translation>Tiempo límite de conexión</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reconnect for</source>
        <translation>Reconectar durante</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The command that reaches an SSH host (-e), for example “ssh -p 2222”</source>
        <translation>El comando que llega a un host SSH (-e), por ejemplo “ssh -p 2222”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Where floodgate lives on the SSH host, if not on its PATH</source>
        <translation>Dónde está floodgate en el host SSH, si no está en su PATH</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>default</source>
        <translation>predeterminado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys and pinned server identities</source>
        <translation>Claves e identidades de servidor fijadas</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+59"/>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <location line="-55"/>
        <location line="+8"/>
        <source>State directory</source>
        <translation>Directorio de estado</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>SSH command</source>
        <translation>Comando SSH</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remote floodgate</source>
        <translation>Floodgate remoto</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Pick a local folder</source>
        <translation>Elegir una carpeta local</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Source folder</source>
        <translation>Carpeta de origen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Destination folder</source>
        <translation>Carpeta de destino</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Nothing is deleted: what would go is listed.</source>
        <translation>No se elimina nada: se enumera lo que se eliminaría.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>files newer on the destination kept</source>
        <translation>archivos más recientes del destino conservados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only new files</source>
        <translation>solo archivos nuevos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only files the destination has</source>
        <translation>solo archivos que tiene el destino</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compared by size only</source>
        <translation>comparación solo por tamaño</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sent even when size and time match</source>
        <translation>envío aunque coincidan tamaño y fecha</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only shorter files appended to</source>
        <translation>solo se añade a los archivos más cortos</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+610"/>
        <source>Larger than</source>
        <translation>Mayores que</translation>
    </message>
    <message>
        <location line="-608"/>
        <location line="+610"/>
        <source>Smaller than</source>
        <translation>Menores que</translation>
    </message>
    <message>
        <location line="-608"/>
        <source>No file is smaller than %1 and larger than %2 at once: nothing would be sent.</source>
        <translation>Ningún archivo es a la vez menor que %1 y mayor que %2: no se enviaría nada.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 to %2</source>
        <translation>de %1 a %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>up to %1</source>
        <translation>hasta %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 or more</source>
        <translation>%1 o más</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>one file system</source>
        <translation>un solo sistema de archivos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>links out of the tree skipped</source>
        <translation>enlaces que salen del árbol omitidos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>links copied as what they point to</source>
        <translation>enlaces copiados como aquello a lo que apuntan</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>contents of folders holding %1 skipped</source>
        <translation>contenido de carpetas con %1 omitido</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> or </source>
        <translation> o </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>With both, no file is sent: only deletions happen, if they are on.</source>
        <translation>Con ambas, no se envía ningún archivo: solo hay eliminaciones, si están activadas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every changed file is sent.</source>
        <translation>Se envían todos los archivos modificados.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>permissions and times kept</source>
        <translation>permisos y fechas conservados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>permissions kept, times not</source>
        <translation>permisos conservados, fechas no</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>times kept, permissions not</source>
        <translation>fechas conservadas, permisos no</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>neither permissions nor times kept</source>
        <translation>ni permisos ni fechas conservados</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every file then looks changed the next time: pair it with Compare by checksum or size only.</source>
        <translation>Así, todos los archivos parecerán modificados la próxima vez: combínelo con Comparar por suma de comprobación o Comparar solo por tamaño.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Applied to the source&apos;s permissions on the way.</source>
        <translation>Se aplica a los permisos del origen por el camino.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chmod %1</source>
        <translation>chmod %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hard links kept</source>
        <translation>enlaces duros conservados</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>awkward names as look-alikes</source>
        <translation>nombres problemáticos con caracteres similares</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>awkward names tried as they are</source>
        <translation>nombres problemáticos intentados tal cual</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The destination decides: some drivers refuse such a name, some store one that Windows cannot open.</source>
        <translation>Decide el destino: algunos controladores rechazan esos nombres y otros guardan uno que Windows no puede abrir.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>owners and groups kept</source>
        <translation>propietarios y grupos conservados</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>owners kept</source>
        <translation>propietarios conservados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>groups kept</source>
        <translation>grupos conservados</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> by number</source>
        <translation> por número</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>everything to %1:%2</source>
        <translation>todo asignado a %1:%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>everything to user %1</source>
        <translation>todo asignado al usuario %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>everything to group %1</source>
        <translation>todo asignado al grupo %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Owners and groups are kept only where the receiving end runs as root (on a daemon, in a module served with --keep-owners); elsewhere the job says so.</source>
        <translation>Los propietarios y grupos solo se conservan donde el extremo receptor se ejecuta como root (en un demonio, en un módulo servido con --keep-owners); en otros casos, el trabajo lo indica.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Backups beside each file, as NAME%1</source>
        <translation>Copias de seguridad al lado de cada archivo, como NOMBRE%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 below the destination</source>
        <translation>%1 bajo el destino</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backups in %1, under their own names</source>
        <translation>Copias de seguridad en %1, con sus propios nombres</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backups in %1, as NAME%2</source>
        <translation>Copias de seguridad en %1, como NOMBRE%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>backups as NAME%1</source>
        <translation>copias de seguridad como NOMBRE%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>backups in %1</source>
        <translation>copias de seguridad en %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>At most %1 folders to link from; this lists %2.</source>
        <translation>Como máximo %1 carpetas desde las que enlazar; aquí hay %2.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One folder per line; relative: to the destination. Unchanged files are linked from there, not sent.</source>
        <translation>Una carpeta por línea; relativas: al destino. Los archivos sin cambios se enlazan desde ahí en lugar de enviarse.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unchanged files linked from %1</source>
        <translation>archivos sin cambios enlazados desde %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged files linked from %1 snapshots</source>
        <translation>archivos sin cambios enlazados desde %1 instantáneas</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>What an interrupted run received of a big file, for the next run to resume from: beside it as .NAME.fg-partial, or in the folder named here.</source>
        <translation>Lo que una ejecución interrumpida recibió de un archivo grande, para que la siguiente continúe desde ahí: a su lado, como .NOMBRE.fg-partial, o en la carpeta indicada aquí.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kept as %1/NAME in each file&apos;s own folder, made when needed and removed once empty.</source>
        <translation>Se guarda como %1/NOMBRE en la propia carpeta de cada archivo; se crea cuando hace falta y se quita cuando queda vacía.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>partial files in %1</source>
        <translation>archivos parciales en %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Each changed file is written over its old copy: until it is complete it is neither version, and a failure leaves it incomplete (a re-run completes it).</source>
        <translation>Cada archivo modificado se escribe sobre su copia antigua: hasta que se completa no es ninguna de las dos versiones, y un fallo lo deja incompleto (una nueva ejecución lo completa).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>changed files written in place</source>
        <translation>archivos modificados escritos en su sitio</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No backups.</source>
        <translation>Sin copias de seguridad.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>For floodgate:// and SSH jobs: a local copy has no far end to wait on.</source>
        <translation>Para trabajos floodgate:// y SSH: una copia local no tiene otro extremo al que esperar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Default: gives up after 5 min without a word from the far end, which reports four times a second while it works.</source>
        <translation>Predeterminado: se rinde tras 5 min sin noticias del otro extremo, que informa cuatro veces por segundo mientras trabaja.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stops (exit 30) after %1 without a word from the far end; what arrived is kept.</source>
        <translation>Se detiene (código de salida 30) tras %1 sin noticias del otro extremo; lo que llegó se conserva.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stops when the far end is quiet for %1</source>
        <translation>se detiene si el otro extremo calla durante %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>For floodgate:// jobs; for SSH, give ssh -o ConnectTimeout=SEC as the SSH command.</source>
        <translation>Para trabajos floodgate://; para SSH, indique ssh -o ConnectTimeout=SEC como comando SSH.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Default: 10 s to connect, 15 s for the handshake.</source>
        <translation>Predeterminado: 10 s para conectar, 15 s para la negociación.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gives up (exit 35) when the daemon has not answered in %1.</source>
        <translation>Se rinde (código de salida 35) cuando el demonio no ha respondido en %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>connect timeout %1</source>
        <translation>tiempo límite de conexión %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>For floodgate:// jobs: a local copy has no connection to lose.</source>
        <translation>Para trabajos floodgate://: una copia local no tiene conexión que perder.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For floodgate:// jobs: an SSH job would ask for its password again.</source>
        <translation>Para trabajos floodgate://: un trabajo SSH volvería a pedir su contraseña.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off: a job whose connections drop fails at once; run it again to finish.</source>
        <translation>Desactivado: un trabajo cuyas conexiones caen falla de inmediato; ejecútelo de nuevo para terminarlo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the connections drop mid-job, reconnects for up to %1 and goes on from what arrived.</source>
        <translation>Cuando las conexiones caen a mitad del trabajo, vuelve a conectar durante hasta %1 y continúa desde lo que llegó.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no reconnecting</source>
        <translation>sin reconexión</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>reconnects for %1</source>
        <translation>reconexión durante %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SSH command %1</source>
        <translation>comando SSH %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>remote floodgate %1</source>
        <translation>Floodgate remoto %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>state in %1</source>
        <translation>estado en %1</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Leaves room on a shared link: 10M, 1.5G, or a timetable such as Mon-Fri 08:00-18:00 20M, 100M</source>
        <translation>Deja margen en un enlace compartido: 10M, 1.5G, o un horario como Mon-Fri 08:00-18:00 20M, 100M</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Timetable: 1 rule</source>
        <translation>Horario: 1 regla</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Timetable: %1 rules</source>
        <translation>Horario: %1 reglas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>now unlimited</source>
        <translation>ahora sin límite</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>now at most %1</source>
        <translation>ahora como máximo %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unlimited</source>
        <translation>Sin límite</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>At most %1</source>
        <translation>Como máximo %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Auto starts with 2 and adds more while the rate rises.</source>
        <translation>Auto empieza con 2 y añade más mientras la velocidad sube.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Big files are split so all streams share them</source>
        <translation>Los archivos grandes se dividen para que todos los flujos los compartan</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chunks of %1: %2.</source>
        <translation>Fragmentos de %1: %2.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; auto picks a size per file.</source>
        <translation>; Auto elige un tamaño para cada archivo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One flush at the end: done means on disk, at little cost.</source>
        <translation>Un solo volcado al final: terminado significa en disco, a bajo coste.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Each file is on disk before it appears; slow with many small files.</source>
        <translation>Cada archivo está en disco antes de aparecer; lento con muchos archivos pequeños.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fastest; a power cut soon after the job can lose what it wrote.</source>
        <translation>Lo más rápido; un corte de luz poco después del trabajo puede perder lo que escribió.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Differences for big files with an old copy; whole for small files, local copies and links faster than the old copy reads.</source>
        <translation>Diferencias para archivos grandes con copia antigua; completos para archivos pequeños, copias locales y enlaces más rápidos que la lectura de la copia antigua.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saves the most on slow links; reads every old copy at the destination.</source>
        <translation>Lo que más ahorra en enlaces lentos; lee todas las copias antiguas en el destino.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No reading of old copies: best when the link outruns the destination&apos;s disk.</source>
        <translation>Sin leer las copias antiguas: lo mejor cuando el enlace es más rápido que el disco del destino.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Catches any accidental corruption at memory speed.</source>
        <translation>Detecta cualquier corrupción accidental a la velocidad de la memoria.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>As rsync&apos;s xxh3: as fast, half the bytes, a little more chance of a missed accident.</source>
        <translation>Como xxh3 de rsync: igual de rápido, la mitad de bytes, algo más de probabilidad de que se escape un daño accidental.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cryptographic: when someone could craft files that collide. Slower on fast links.</source>
        <translation>Criptográfico: para cuando alguien pudiera fabricar archivos que colisionen. Más lento en enlaces rápidos.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>This computer&apos;s kernel does not offer %1; pick one from the list</source>
        <translation>El kernel de este equipo no ofrece %1; elija uno de la lista</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>BBR keeps long or lossy links full; CUBIC is the Linux default.</source>
        <translation>BBR mantiene llenos los enlaces largos o con pérdidas; CUBIC es el predeterminado de Linux.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This kernel has no bbr: default is its own.</source>
        <translation>Este kernel no tiene bbr: el predeterminado es el suyo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BBR keeps long or lossy links full; where it overfills a shallow queue, streams change to CUBIC.</source>
        <translation>BBR mantiene llenos los enlaces largos o con pérdidas; donde desborda una cola poco profunda, los flujos pasan a CUBIC.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>AES-GCM when both ends have AES instructions (this computer has them), else ChaCha20.</source>
        <translation>AES-GCM cuando ambos extremos tienen instrucciones AES (este equipo las tiene); si no, ChaCha20.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ChaCha20 here: this computer has no AES instructions, so AES-GCM would be slower.</source>
        <translation>ChaCha20 aquí: este equipo no tiene instrucciones AES, así que AES-GCM sería más lento.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fastest when both CPUs have AES instructions (AES-NI, ARMv8).</source>
        <translation>El más rápido cuando ambas CPU tienen instrucciones AES (AES-NI, ARMv8).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>For policies that ask for 256-bit keys; a little slower than AES-128.</source>
        <translation>Para políticas que exigen claves de 256 bits; algo más lento que AES-128.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fastest on CPUs without AES instructions, such as older ARM NAS boxes.</source>
        <translation>El más rápido en CPU sin instrucciones AES, como los NAS ARM antiguos.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unencrypted: anyone on the network can read and alter the files. Only on a trusted LAN where the CPU limits the rate.</source>
        <translation>Sin cifrar: cualquiera en la red puede leer y alterar los archivos. Solo en una LAN de confianza donde la CPU limite la velocidad.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This computer&apos;s ssh does not offer %1; pick one from the list</source>
        <translation>El ssh de este equipo no ofrece %1; elija uno de la lista</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>aes128-gcm@openssh.com is fastest with AES instructions, chacha20-poly1305@openssh.com without.</source>
        <translation>aes128-gcm@openssh.com es el más rápido con instrucciones AES; chacha20-poly1305@openssh.com, sin ellas.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Best on a fast LAN, and for data that is compressed already (media, archives).</source>
        <translation>Lo mejor en una LAN rápida y para datos ya comprimidos (multimedia, archivos comprimidos).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compresses what shrinks, skips media and archives, and backs off when the CPU, not the link, is the limit.</source>
        <translation>Comprime lo que se reduce, omite multimedia y archivos comprimidos, y se modera cuando el límite es la CPU y no el enlace.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Light on the CPU: a modest saving for fast links with compressible data.</source>
        <translation>Ligera para la CPU: un ahorro modesto en enlaces rápidos con datos comprimibles.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Good savings on text, logs and databases at little CPU cost.</source>
        <translation>Buen ahorro en texto, registros y bases de datos con poco coste de CPU.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For slow links with compressible data (text, logs, databases).</source>
        <translation>Para enlaces lentos con datos comprimibles (texto, registros, bases de datos).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Several times the CPU for a few percent more: only for very slow links.</source>
        <translation>Varias veces más CPU para ganar un pequeño porcentaje: solo para enlaces muy lentos.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Zstandard (level %1)</source>
        <translation>Zstandard (nivel %1)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>SSH job: one stream through ssh (its cipher is the SSH cipher below). These settings apply to floodgate:// targets.</source>
        <translation>Trabajo SSH: un solo flujo a través de ssh (su cifrado es el algoritmo de cifrado SSH de abajo). Estas opciones se aplican a destinos floodgate://.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local job: one stream, no network. These settings apply to floodgate:// targets.</source>
        <translation>Trabajo local: un solo flujo, sin red. Estas opciones se aplican a destinos floodgate://.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Streams, chunk size, congestion control and cipher apply to floodgate:// targets.</source>
        <translation>Los flujos, el tamaño de fragmento, el control de congestión y el algoritmo de cifrado se aplican a destinos floodgate://.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 (not offered here)</source>
        <translation>%1 (no disponible aquí)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Choose a source</source>
        <translation>Elija un origen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a destination</source>
        <translation>Elija un destino</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Source: </source>
        <translation>Origen: </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Destination: </source>
        <translation>Destino: </translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Size limits: no file is smaller than %1 and larger than %2 at once</source>
        <translation>Límites de tamaño: ningún archivo es a la vez menor que %1 y mayor que %2</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Congestion control: this computer&apos;s kernel does not offer %1</source>
        <translation>Control de congestión: el kernel de este equipo no ofrece %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>SSH cipher: this computer&apos;s ssh does not offer %1</source>
        <translation>Algoritmo de cifrado SSH: el ssh de este equipo no ofrece %1</translation>
    </message>
</context>
<context>
    <name>fgui::JobTray</name>
    <message>
        <location filename="../widgets/job_tray.cpp" line="+43"/>
        <location line="+37"/>
        <source>No job is running</source>
        <translation>Ningún trabajo en ejecución</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Show Floodgate</source>
        <translation>Mostrar Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+39"/>
        <source>Pause the job</source>
        <translation>Pausar el trabajo</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Cancel the job</source>
        <translation>Cancelar el trabajo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quit</source>
        <translation>Salir</translation>
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
        <translation>Reanudar el trabajo</translation>
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
        <translation>Configuración</translation>
    </message>
    <message>
        <location line="-8"/>
        <location line="+8"/>
        <source>This experiment</source>
        <translation>Este experimento</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>The other</source>
        <translation>El otro</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+8"/>
        <source>Change</source>
        <translation>Cambio</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Compare with… opens an earlier experiment and shows, for each setting both ran, the two median times.</source>
        <translation>Comparar con… abre un experimento anterior y muestra, para cada configuración que se ejecutó en ambos, los dos tiempos medianos.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Faster in this experiment</source>
        <translation>Más rápido en este experimento</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Slower in this experiment</source>
        <translation>Más lento en este experimento</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compared with %1 (%2, %3).</source>
        <translation>Comparado con %1 (%2, %3).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The two experiments have no setting in common that ran in both.</source>
        <translation>Los dos experimentos no tienen ninguna configuración en común que se ejecutara en ambos.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 setting ran in both.</source>
        <translation>1 configuración se ejecutó en ambos.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 settings ran in both.</source>
        <translation>%1 configuraciones se ejecutaron en ambos.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only in this one: %1.</source>
        <translation>Solo en este: %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only in the other: %1.</source>
        <translation>Solo en el otro: %1.</translation>
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
        <translation>%1, ejecución %2: %3 MB/s a los %4 s</translation>
    </message>
</context>
<context>
    <name>fgui::LabHeatMap</name>
    <message>
        <location filename="../charts/lab_heat_map.cpp" line="+89"/>
        <source>not run</source>
        <translation>sin ejecutar</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+198"/>
        <source>best</source>
        <translation>mejor</translation>
    </message>
    <message>
        <location line="-197"/>
        <location line="+206"/>
        <source>no measurable difference</source>
        <translation>sin diferencia medible</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Median rate</source>
        <translation>Velocidad mediana</translation>
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
        <translation>★ mejor</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>fastest</source>
        <translation>la más rápida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>~ same</source>
        <translation>~ igual</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1–%2 s</source>
        <translation>%1–%2 s</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>skipped: %1</source>
        <translation>omitida: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no run finished</source>
        <translation>ninguna ejecución terminó</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 runs finished</source>
        <translation>%1 de %2 ejecuciones terminadas</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The fastest median, but its runs overlap the runner-up&apos;s: no measurable difference</source>
        <translation>La mediana más rápida, pero sus ejecuciones se solapan con las de la segunda: sin diferencia medible</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its runs overlap the best&apos;s: no measurable difference</source>
        <translation>Sus ejecuciones se solapan con las de la mejor: sin diferencia medible</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The median time of the setting&apos;s runs</source>
        <translation>El tiempo mediano de las ejecuciones de la configuración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The fastest and the slowest run</source>
        <translation>La ejecución más rápida y la más lenta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File bytes a second, at the median</source>
        <translation>Bytes de archivo por segundo, en la mediana</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the probe&apos;s measurements predict for this setting</source>
        <translation>Lo que predicen las mediciones del sondeo para esta configuración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes on the network, at the median (after compression)</source>
        <translation>Bytes en la red, en la mediana (tras la compresión)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU time of this computer&apos;s process</source>
        <translation>Tiempo de CPU del proceso de este equipo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU time of the far end (a daemon&apos;s: all its jobs)</source>
        <translation>Tiempo de CPU del otro extremo (si es un demonio: el de todos sus trabajos)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What limited most of the runs</source>
        <translation>Lo que limitó la mayoría de las ejecuciones</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Setting</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <translation>Ejecuciones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median</source>
        <translation>Mediana</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fastest–slowest</source>
        <translation>Más rápida–más lenta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predicted</source>
        <translation>Prevista</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wire</source>
        <translation>En la red</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU here</source>
        <translation>CPU aquí</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU there</source>
        <translation>CPU allí</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bottleneck</source>
        <translation>Cuello de botella</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
</context>
<context>
    <name>fgui::LabSetupPanel</name>
    <message>
        <location filename="../lab/lab_setup_panel.cpp" line="+80"/>
        <source>about %1 s</source>
        <translation>unos %1 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about %1 min</source>
        <translation>unos %1 min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>about %1 h %2 min</source>
        <translation>unas %1 h %2 min</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Target</source>
        <translation>Destino</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Vary</source>
        <translation>Variar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the factors to try and list their levels; every combination is a setting.</source>
        <translation>Marque los factores que quiere probar e indique sus niveles; cada combinación es una configuración.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Levels separated by commas (%1)</source>
        <translation>Niveles separados por comas (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>levels, separated by commas</source>
        <translation>niveles, separados por comas</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Workload</source>
        <translation>Carga de trabajo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mixed: 1 KB to 64 MB, half compressible</source>
        <translation>Mixta: de 1 KB a 64 MB, la mitad comprimible</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Small files: 4 KB each</source>
        <translation>Archivos pequeños: 4 KB cada uno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One big file</source>
        <translation>Un solo archivo grande</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A sample of my files</source>
        <translation>Una muestra de mis archivos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What each trial transfers. A sample keeps your files&apos; sizes and contents, so compression and per-file costs are what your own data sees.</source>
        <translation>Lo que transfiere cada prueba. Una muestra conserva los tamaños y el contenido de sus archivos, así que la compresión y los costes por archivo son los que ven sus propios datos.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>At most this much a trial: 64M, 1G (empty: %1). Bigger is steadier, smaller is quicker.</source>
        <translation>Como máximo esta cantidad por prueba: 64M, 1G (vacío: %1). Más grande es más estable; más pequeño, más rápido.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the folder to sample</source>
        <translation>la carpeta de la que tomar la muestra</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Folder to sample</source>
        <translation>Carpeta de la muestra</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Runs and time</source>
        <translation>Ejecuciones y tiempo</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Runs of each setting, in a random interleaved order. Fewer than 3 cannot tell a difference from noise.</source>
        <translation>Ejecuciones de cada configuración, en un orden aleatorio intercalado. Con menos de 3 no se puede distinguir una diferencia del ruido.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs of each setting</source>
        <translation>Ejecuciones de cada configuración</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The lab refuses an experiment estimated to take longer, before any trial runs.</source>
        <translation>El laboratorio rechaza, antes de ejecutar ninguna prueba, un experimento que se estime que tardará más.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget</source>
        <translation>Tiempo máximo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>from the clock</source>
        <translation>del reloj</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The order the trials run in. The report gives the seed it used: the same seed repeats an experiment&apos;s order.</source>
        <translation>El orden en que se ejecutan las pruebas. El informe indica la semilla usada: la misma semilla repite el orden de un experimento.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Seed</source>
        <translation>Semilla</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Start</source>
        <translation>Iniciar</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>(none)</source>
        <translation>(ninguno)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The job has no destination. Set one (floodgate://HOST/MODULE or host:path) and open the lab again.</source>
        <translation>El trabajo no tiene destino. Indique uno (floodgate://HOST/MODULE o host:path) y vuelva a abrir el laboratorio.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A local folder cannot be a lab target: the lab measures transfers to a daemon (floodgate://HOST/MODULE) or over ssh (host:path). Make one the job&apos;s destination and open the lab again.</source>
        <translation>Una carpeta local no puede ser destino del laboratorio: el laboratorio mide transferencias a un demonio (floodgate://HOST/MODULE) o por ssh (host:path). Ponga uno como destino del trabajo y vuelva a abrir el laboratorio.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Each trial writes into a scratch folder .fg-lab-… in it, removed after the trial; nothing else there is touched.</source>
        <translation>Cada prueba escribe en una carpeta temporal .fg-lab-… dentro de él, que se quita tras la prueba; no se toca nada más.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>An ssh target has one connection, ssh&apos;s own pipe, which this setting does not change: it varies only to a daemon (floodgate://).</source>
        <translation>Un destino ssh tiene una sola conexión, el propio canal de ssh, que esta opción no cambia: solo varía con un demonio (floodgate://).</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Choose the folder to take the sample from.</source>
        <translation>Elija la carpeta de la que tomar la muestra.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not a folder here.</source>
        <translation>%1 no es una carpeta aquí.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>A random sample of its files, their sizes and contents as they are, at most %1.</source>
        <translation>Una muestra aleatoria de sus archivos, con sus tamaños y contenidos tal como son, de %1 como máximo.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>1 setting</source>
        <translation>1 configuración</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 settings</source>
        <translation>%1 configuraciones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 run</source>
        <translation>1 ejecución</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 runs</source>
        <translation>%1 ejecuciones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 trial</source>
        <translation>1 prueba</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 trials</source>
        <translation>%1 pruebas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 × %2 = %3</source>
        <translation>%1 × %2 = %3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>at most %1</source>
        <translation>como máximo %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Takes %1: %2 transfers of %3 (with a warm-up) at %4, the rate the last probe of this target measured.</source>
        <translation>Tarda %1: %2 transferencias de %3 (con un calentamiento) a %4, la velocidad que midió el último sondeo de este destino.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>About %1 trials of %2 and a warm-up; the probe at the start measures the link, and the lab stops there if they would take longer than the budget.</source>
        <translation>Unas %1 pruebas de %2 y un calentamiento; el sondeo inicial mide el enlace, y el laboratorio se detiene ahí si fueran a superar el tiempo máximo.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Check at least one factor to vary.</source>
        <translation>Marque al menos un factor que variar.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workload: %1</source>
        <translation>Carga de trabajo: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The seed is a whole number below 18446744073709551616.</source>
        <translation>La semilla es un número entero menor que 18446744073709551616.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>That is over the budget of %1 min: raise the budget, or try fewer levels, fewer runs or a smaller workload.</source>
        <translation>Eso supera el tiempo máximo de %1 min: auméntelo o pruebe con menos niveles, menos ejecuciones o una carga de trabajo más pequeña.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Start needs a floodgate:// or host:path target: see under Target.</source>
        <translation>Iniciar necesita un destino floodgate:// o host:path: vea la sección Destino.</translation>
    </message>
</context>
<context>
    <name>fgui::LabTimeChart</name>
    <message>
        <location filename="../charts/lab_time_chart.cpp" line="+54"/>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
    <message>
        <location filename="../lab/lab_chart_data.cpp" line="+18"/>
        <source>%1
skipped: %2</source>
        <translation>%1
omitida: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1
no run finished</source>
        <translation>%1
ninguna ejecución terminó</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>median %1 s (%2–%3 s), %4</source>
        <translation>mediana %1 s (%2–%3 s), %4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 run</source>
        <translation>1 ejecución</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 runs</source>
        <translation>%1 ejecuciones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the best setting</source>
        <translation>la mejor configuración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no measurable difference from the best</source>
        <translation>sin diferencia medible con la mejor</translation>
    </message>
</context>
<context>
    <name>fgui::LabWindow</name>
    <message>
        <location filename="../lab/lab_window.cpp" line="+72"/>
        <source>Preparing: %1</source>
        <translation>Preparando: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Probing: %1</source>
        <translation>Sondeando: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warming up: %1</source>
        <translation>Calentando: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Trial %1 of %2 finished: %3</source>
        <translation>Prueba %1 de %2 terminada: %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trial %1 of %2: %3</source>
        <translation>Prueba %1 de %2: %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cleaning up: %1</source>
        <translation>Limpiando: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Last trial: %1 failed: %2</source>
        <translation>Última prueba: %1 falló: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last trial: %1 took %2 s</source>
        <translation>Última prueba: %1 tardó %2 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>limited by %1</source>
        <translation>limitada por %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tuning Lab — Floodgate</source>
        <translation>Laboratorio de ajuste — Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tuning Lab: %1 — Floodgate</source>
        <translation>Laboratorio de ajuste: %1 — Floodgate</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Set up the experiment on the left, then Start. Or open one saved earlier.</source>
        <translation>Configure el experimento a la izquierda y pulse Iniciar. O abra uno guardado antes.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Experiment</source>
        <translation>Experimento</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open experiment…</source>
        <translation>Abrir experimento…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show an experiment saved here or by `floodgate lab --json`</source>
        <translation>Mostrar un experimento guardado aquí o con `floodgate lab --json`</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save experiment…</source>
        <translation>Guardar experimento…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save every trial and the summary as JSON, the form `floodgate lab --json` prints</source>
        <translation>Guardar todas las pruebas y el resumen como JSON, en el formato que imprime `floodgate lab --json`</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with…</source>
        <translation>Comparar con…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put an earlier experiment&apos;s medians beside this one&apos;s</source>
        <translation>Poner las medianas de un experimento anterior junto a las de este</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Apply to this job</source>
        <translation>Aplicar a este trabajo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put the best setting&apos;s options into the job&apos;s form</source>
        <translation>Poner las opciones de la mejor configuración en el formulario del trabajo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open experiment</source>
        <translation>Abrir experimento</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+11"/>
        <source>Lab experiments (*.json);;All files (*)</source>
        <translation>Experimentos del laboratorio (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Save experiment</source>
        <translation>Guardar experimento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lab experiments (*.json)</source>
        <translation>Experimentos del laboratorio (*.json)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare with an experiment</source>
        <translation>Comparar con un experimento</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop after cancelling the trial running; the lab removes its scratch folder from the target and shows the trials that finished</source>
        <translation>Detenerse tras cancelar la prueba en curso; el laboratorio quita su carpeta temporal del destino y muestra las pruebas que terminaron</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Reproduce:</source>
        <translation>Reproducir:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The command that runs a sync with the best setting; select it to copy</source>
        <translation>El comando que ejecuta una sincronización con la mejor configuración; selecciónelo para copiarlo</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Time per setting</source>
        <translation>Tiempo por configuración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heat map</source>
        <translation>Mapa de calor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throughput curves</source>
        <translation>Curvas de rendimiento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comparison</source>
        <translation>Comparación</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The lab tries every combination of the levels you check, each several times in a random interleaved order after an untimed warm-up, and says which setting is fastest — or that the differences are within the runs&apos; spread. Then it charts the time of each setting, a heat map when two factors vary, and every trial&apos;s throughput over time.

It writes only into scratch folders named .fg-lab-… in the target, each removed after its trial, also after a cancel.</source>
        <translation>El laboratorio prueba todas las combinaciones de los niveles que marque, cada una varias veces en un orden aleatorio intercalado tras un calentamiento sin cronometrar, e indica qué configuración es la más rápida — o que las diferencias están dentro de la dispersión de las ejecuciones. Después representa el tiempo de cada configuración, un mapa de calor cuando varían dos factores y el rendimiento de cada prueba a lo largo del tiempo.

Solo escribe en carpetas temporales llamadas .fg-lab-… en el destino, y quita cada una tras su prueba, también si se cancela.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Each setting&apos;s time appears here when the experiment ends: a box for the middle of its runs, whiskers to the fastest and the slowest.</source>
        <translation>El tiempo de cada configuración aparece aquí cuando termina el experimento: una caja para la parte central de sus ejecuciones y bigotes hasta la más rápida y la más lenta.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each trial&apos;s throughput appears here as it finishes.</source>
        <translation>El rendimiento de cada prueba aparece aquí a medida que termina.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%v of %m trials</source>
        <translation>%v de %m pruebas</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cancelling: the trial running stops and the lab removes its scratch folder from the target…</source>
        <translation>Cancelando: la prueba en curso se detiene y el laboratorio quita su carpeta temporal del destino…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 left</source>
        <translation>quedan %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Not started</source>
        <translation>Sin iniciar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The lab did not run: %1</source>
        <translation>El laboratorio no se ejecutó: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cancelled after %1 of %2 trials (%3): the figures are of the trials that finished.</source>
        <translation>Cancelado tras %1 de %2 pruebas (%3): las cifras corresponden a las pruebas que terminaron.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Done: 1 trial in %1</source>
        <translation>Completado: 1 prueba en %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done: %1 trials in %2</source>
        <translation>Completado: %1 pruebas en %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+20"/>
        <source>No setting finished a run.</source>
        <translation>Ninguna configuración terminó una ejecución.</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>No trial finished.</source>
        <translation>Ninguna prueba terminó.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The best setting is marked in the table.</source>
        <translation>La mejor configuración está marcada en la tabla.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>From %1</source>
        <translation>De %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>1 file</source>
        <translation>1 archivo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 files</source>
        <translation>%1 archivos</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 run of each setting</source>
        <translation>1 ejecución de cada configuración</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 runs of each setting</source>
        <translation>%1 ejecuciones de cada configuración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seed %1</source>
        <translation>semilla %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the probe&apos;s best network rate %1</source>
        <translation>mejor velocidad de red del sondeo: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Note: %1</source>
        <translation>Nota: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Showing %1</source>
        <translation>Mostrando %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 is in the job&apos;s form: Run there to use it.</source>
        <translation>%1 está en el formulario del trabajo: pulse Ejecutar allí para usarlo.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>There is no experiment to save yet.</source>
        <translation>Aún no hay ningún experimento que guardar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <source>Cannot save to %1: %2</source>
        <translation>No se puede guardar en %1: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved to %1</source>
        <translation>Guardado en %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>An experiment is running</source>
        <translation>Hay un experimento en curso</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Run or open an experiment first, then compare it with another.</source>
        <translation>Ejecute o abra primero un experimento y luego compárelo con otro.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Compared with %1</source>
        <translation>Comparado con %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cancelling: the lab removes its scratch folder from the target, then this window closes…</source>
        <translation>Cancelando: el laboratorio quita su carpeta temporal del destino y después se cierra esta ventana…</translation>
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
        <translation>Esta ejecución no está en el historial (%1); la ejecución en sí no se ve afectada</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Job &apos;%1&apos;: Preview to see what it would change, Run to run it.</source>
        <translation>Trabajo “%1”: Vista previa para ver lo que cambiaría, Ejecutar para ejecutarlo.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Throughput appears here while a job runs.</source>
        <translation>El rendimiento aparece aquí mientras se ejecuta un trabajo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Files</source>
        <translation>Archivos</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+78"/>
        <location line="+826"/>
        <source>Preview</source>
        <translation>Vista previa</translation>
    </message>
    <message>
        <location line="-903"/>
        <source>Streams</source>
        <translation>Flujos</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Log</source>
        <translation>Registro</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Choose a source and a destination, then Preview to see what would change.</source>
        <translation>Elija un origen y un destino, y pulse Vista previa para ver lo que cambiaría.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>New job</source>
        <translation>Nuevo trabajo</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Show what a run would change, without changing anything</source>
        <translation>Mostrar lo que cambiaría una ejecución, sin cambiar nada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run</source>
        <translation>Ejecutar</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+511"/>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <location line="-509"/>
        <source>Stop moving data for now and go on later: the connections stay open, nothing is lost</source>
        <translation>Detener el envío de datos por ahora y seguir después: las conexiones siguen abiertas y no se pierde nada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Tuning Lab…</source>
        <translation>Laboratorio de ajuste…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Try settings (streams, cipher, compression, …) against this job&apos;s destination and find the fastest</source>
        <translation>Probar opciones (flujos, cifrado, compresión, …) con el destino de este trabajo y encontrar la más rápida</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>The one-time code `floodgate serve` printed when it started (floodgate pair --code)</source>
        <translation>El código de un solo uso que imprimió `floodgate serve` al iniciarse (floodgate pair --code)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pair</source>
        <translation>Emparejar</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Pair it with the one-time code that `floodgate serve` printed on %1:</source>
        <translation>Emparéjelo con el código de un solo uso que `floodgate serve` imprimió en %1:</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Pairing with %1…</source>
        <translation>Emparejando con %1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pairing with %1</source>
        <translation>Emparejando con %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Paired; the server&apos;s identity %1 is pinned</source>
        <translation>Emparejado; la identidad del servidor, %1, queda fijada</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+23"/>
        <source>Pairing failed: %1</source>
        <translation>Falló el emparejamiento: %1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Paired with %1. Its identity %2 is pinned for later connections.</source>
        <translation>Emparejado con %1. Su identidad, %2, queda fijada para las próximas conexiones.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preview again</source>
        <translation>Repetir vista previa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run again</source>
        <translation>Volver a ejecutar</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Wrong pairing code. Use the code `floodgate serve` printed on %1; each code works only once.</source>
        <translation>Código de emparejamiento incorrecto. Use el código que `floodgate serve` imprimió en %1; cada código solo sirve una vez.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Follow active files</source>
        <translation>Seguir los archivos en curso</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Preview shows what a run would copy, update and delete.</source>
        <translation>La vista previa muestra lo que una ejecución copiaría, actualizaría y eliminaría.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Show:</source>
        <translation>Mostrar:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Everything</source>
        <translation>Todo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To copy</source>
        <translation>Para copiar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To update</source>
        <translation>Para actualizar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To delete</source>
        <translation>Para eliminar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Folders, links, attributes</source>
        <translation>Carpetas, enlaces, atributos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Left out of the run</source>
        <translation>Fuera de la ejecución</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear a row&apos;s box to leave it out of the next run.</source>
        <translation>Desmarque la casilla de una fila para dejarla fuera de la próxima ejecución.</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>The data connections of a floodgate:// job appear here while it runs: rate, RTT, congestion window and retransmits for each.</source>
        <translation>Las conexiones de datos de un trabajo floodgate:// aparecen aquí mientras se ejecuta: velocidad, RTT, ventana de congestión y retransmisiones de cada una.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One stream: local and ssh jobs do not open data connections.</source>
        <translation>Un solo flujo: los trabajos locales y ssh no abren conexiones de datos.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A preview moves no data, so it opens no data connections.</source>
        <translation>Una vista previa no mueve datos, así que no abre conexiones de datos.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data connections appear here once the transfer starts.</source>
        <translation>Las conexiones de datos aparecen aquí cuando empieza la transferencia.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This job opened no data connections.</source>
        <translation>Este trabajo no abrió conexiones de datos.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel requested</source>
        <translation>Cancelación solicitada</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>1 item</source>
        <translation>1 elemento</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 items</source>
        <translation>%1 elementos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The preview found %1 on the destination that the source lacks. This run deletes them from %2.

Run and delete them?</source>
        <translation>La vista previa encontró en el destino %1 que el origen no tiene. Esta ejecución los elimina de %2.

¿Ejecutar y eliminar?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete files on the destination?</source>
        <translation>¿Eliminar archivos del destino?</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run and delete</source>
        <translation>Ejecutar y eliminar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run not started: deletions not confirmed</source>
        <translation>Ejecución no iniciada: eliminaciones no confirmadas</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Left out of this run, as the preview&apos;s table says: %n item(s)</source>
        <translation>
            <numerusform>Dejado fuera de esta ejecución, según la tabla de la vista previa: %n elemento</numerusform>
            <numerusform>Dejados fuera de esta ejecución, según la tabla de la vista previa: %n elementos</numerusform>
        </translation>
    </message>
    <message>
        <location line="+32"/>
        <source>memory</source>
        <translation>memoria</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ssh</source>
        <translation>ssh</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>network</source>
        <translation>red</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A preview moves no data: it only compares the two sides.</source>
        <translation>Una vista previa no mueve datos: solo compara los dos lados.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Preview: %1</source>
        <translation>Vista previa: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run: %1</source>
        <translation>Ejecución: %1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cannot pause: %1</source>
        <translation>No se puede pausar: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Res&amp;ume</source>
        <translation>Rean&amp;udar</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../widgets/main_window_menus.cpp" line="+74"/>
        <source>P&amp;ause</source>
        <translation>P&amp;ausar</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+141"/>
        <source>Paused</source>
        <translation>En pausa</translation>
    </message>
    <message>
        <location line="-130"/>
        <location line="+5"/>
        <source>Cannot apply %1</source>
        <translation>No se puede aplicar %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Applied %1 to the form: the next run uses it</source>
        <translation>%1 aplicado al formulario: la próxima ejecución lo usará</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is in the form: Run to try it</source>
        <translation>%1 está en el formulario: pulse Ejecutar para probarlo</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>State: %1</source>
        <translation>Estado: %1</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>%1 % — Floodgate</source>
        <translation>%1 % — Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 % · %3</source>
        <translation>%1: %2 % · %3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No files yet</source>
        <translation>Aún no hay archivos</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 files</source>
        <translation>%1 archivos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 active</source>
        <translation>%1 en curso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 done</source>
        <translation>%1 completado(s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 queued</source>
        <translation>%1 en cola</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../widgets/main_window_menus.cpp" line="+86"/>
        <source>%1 failed</source>
        <translation>%1 con error</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>too many to list: the %1 most recent are shown, failures are in the log</source>
        <translation>demasiados para listarlos: se muestran los %1 más recientes; los fallos están en el registro</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing to do: the destination is up to date.</source>
        <translation>Nada que hacer: el destino está al día.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preview shows what a run would copy, update and delete, before anything is changed.</source>
        <translation>La vista previa muestra lo que una ejecución copiaría, actualizaría y eliminaría, antes de cambiar nada.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>1 item on the destination will be deleted.</source>
        <translation>Se eliminará 1 elemento del destino.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 items on the destination will be deleted.</source>
        <translation>Se eliminarán %1 elementos del destino.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>1 file would not be written: its name collides with another on the destination (the red row at the top says which).</source>
        <translation>1 archivo no se escribiría: su nombre coincide con el de otro en el destino (la fila roja de arriba indica cuál).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 files would not be written: their names collide with others on the destination (the red rows at the top say which).</source>
        <translation>%1 archivos no se escribirían: sus nombres coinciden con los de otros en el destino (las filas rojas de arriba indican cuáles).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 file would not be written: the destination cannot hold its name (the red row at the top says why).</source>
        <translation>1 archivo no se escribiría: el destino no admite su nombre (la fila roja de arriba indica por qué).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 files would not be written: the destination cannot hold their names (the red rows at the top say why).</source>
        <translation>%1 archivos no se escribirían: el destino no admite sus nombres (las filas rojas de arriba indican por qué).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 file has an error: a run would leave it out (the red row at the top says why).</source>
        <translation>1 archivo tiene un error: una ejecución lo dejaría fuera (la fila roja de arriba indica por qué).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 files have errors: a run would leave them out (the red rows at the top say why).</source>
        <translation>%1 archivos tienen errores: una ejecución los dejaría fuera (las filas rojas de arriba indican por qué).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Store such names as look-alikes instead</source>
        <translation>Guardar esos nombres con caracteres similares</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(a:b becomes a：b with a full-width colon, CON ＣON; syncing back with the same choice restores them)</source>
        <translation>(a:b pasa a ser a：b, con dos puntos de ancho completo, y CON pasa a ser ＣON; al sincronizar de vuelta con la misma opción se restauran)</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Failed after %1</source>
        <translation>Falló tras %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Preview finished — nothing was changed</source>
        <translation>Vista previa terminada — no se cambió nada</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done</source>
        <translation>Completado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Failed: %1</source>
        <translation>Falló: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed: this computer is not paired with %1</source>
        <translation>Falló: este equipo no está emparejado con %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>to copy</source>
        <translation>para copiar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to update</source>
        <translation>para actualizar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to delete</source>
        <translation>para eliminar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>to transfer</source>
        <translation>para transferir</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>file transferred</source>
        <translation>archivo transferido</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>files transferred</source>
        <translation>archivos transferidos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deleted</source>
        <translation>eliminado(s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>of data</source>
        <translation>de datos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on the wire</source>
        <translation>en la red</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>elapsed</source>
        <translation>de duración</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>average</source>
        <translation>de media</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>errors</source>
        <translation>errores</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>and %1 more (see the Log tab)</source>
        <translation>y %1 más (vea la pestaña Registro)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Failed</source>
        <translation>Falló</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+1"/>
        <source>Could not start</source>
        <translation>No se pudo iniciar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not start: %1</source>
        <translation>No se pudo iniciar: %1</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>A transfer is running</source>
        <translation>Hay una transferencia en curso</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel the transfer and quit? Files already transferred stay; none is left half-written.</source>
        <translation>¿Cancelar la transferencia y salir? Los archivos ya transferidos se quedan; ninguno queda a medio escribir.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel and quit</source>
        <translation>Cancelar y salir</translation>
    </message>
    <message>
        <location filename="../widgets/main_window_menus.cpp" line="-99"/>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save job</source>
        <translation>&amp;Guardar trabajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save job &amp;as…</source>
        <translation>Guardar trabajo &amp;como…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Preferencias…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Job</source>
        <translation>&amp;Trabajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Preview</source>
        <translation>&amp;Vista previa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Run</source>
        <translation>&amp;Ejecutar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;chedule…</source>
        <translation>&amp;Programar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete job…</source>
        <translation>E&amp;liminar trabajo…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;History</source>
        <translation>&amp;Historial</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tuning &amp;Lab…</source>
        <translation>&amp;Laboratorio de ajuste…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Documentation</source>
        <translation>&amp;Documentación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Floodgate</source>
        <translation>&amp;Acerca de Floodgate</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About &amp;Qt</source>
        <translation>Acerca de &amp;Qt</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Documentation</source>
        <translation>Documentación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every command and option is described by &lt;code&gt;floodgate --help&lt;/code&gt;, &lt;code&gt;floodgate sync --help&lt;/code&gt; and &lt;code&gt;man floodgate&lt;/code&gt;; the package puts the guides in /usr/share/doc/floodgate.</source>
        <translation>Todos los comandos y opciones se describen en &lt;code&gt;floodgate --help&lt;/code&gt;, &lt;code&gt;floodgate sync --help&lt;/code&gt; y &lt;code&gt;man floodgate&lt;/code&gt;; el paquete instala las guías en /usr/share/doc/floodgate.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>About Floodgate</source>
        <translation>Acerca de Floodgate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Floodgate %1&lt;/h3&gt;&lt;p&gt;Fast, observable folder sync: delta, whole-file and parallel transfers over TLS or ssh, with the layer that limits each job named and how to fix it.&lt;/p&gt;&lt;p&gt;Built with Qt %2, OpenSSL, zstd, lz4, xxHash and SQLite.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Floodgate %1&lt;/h3&gt;&lt;p&gt;Sincronización de carpetas rápida y observable: transferencias delta, de archivos completos y en paralelo por TLS o ssh, que indica qué capa limita cada trabajo y cómo solucionarlo.&lt;/p&gt;&lt;p&gt;Compilado con Qt %2, OpenSSL, zstd, lz4, xxHash y SQLite.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>%1 was cancelled</source>
        <translation>%1 se canceló</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 finished with %n file(s) not synced</source>
        <translation>
            <numerusform>%1 terminó con %n archivo sin sincronizar</numerusform>
            <numerusform>%1 terminó con %n archivos sin sincronizar</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is done</source>
        <translation>%1 ha terminado</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Exit code %1.</source>
        <translation>Código de salida %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exit code %1: %2</source>
        <translation>Código de salida %1: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>View → History has its log.</source>
        <translation>Su registro está en Ver → Historial.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scheduled run of %1 failed (%2)</source>
        <translation>La ejecución programada de %1 falló (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scheduled run of %1 did not finish cleanly (%2)</source>
        <translation>La ejecución programada de %1 no terminó correctamente (%2)</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The new language or folder takes effect when Floodgate starts again.</source>
        <translation>El nuevo idioma o la nueva carpeta se aplicarán cuando Floodgate se vuelva a iniciar.</translation>
    </message>
</context>
<context>
    <name>fgui::PipelineView</name>
    <message>
        <location filename="../widgets/pipeline_view.cpp" line="+29"/>
        <source>sender</source>
        <translation>emisor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>receiver</source>
        <translation>receptor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link</source>
        <translation>enlace</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The pipeline appears here while a job moves data.</source>
        <translation>La canalización aparece aquí mientras un trabajo mueve datos.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Sender</source>
        <translation>Emisor</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Receiver</source>
        <translation>Receptor</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>The link between the two ends</source>
        <translation>El enlace entre los dos extremos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 on the %2: busy %3 of the time %4</source>
        <translation>%1 en el %2: en uso el %3 del tiempo %4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>over the whole job</source>
        <translation>durante todo el trabajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>over the last two seconds</source>
        <translation>en los dos últimos segundos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This is what limits the job.</source>
        <translation>Esto es lo que limita el trabajo.</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Measuring where the time goes…</source>
        <translation>Midiendo dónde se va el tiempo…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No single layer limits the job</source>
        <translation>Ninguna capa limita el trabajo por sí sola</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> on the %1</source>
        <translation> en el lado %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (%1 % of the time)</source>
        <translation> (el %1 % del tiempo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limited by %1</source>
        <translation>Limitado por %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fix: %1</source>
        <translation>Solución: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fix:</source>
        <translation>Solución:</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Use %1</source>
        <translation>Usar %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A running job keeps its settings: this applies to the form once it ends</source>
        <translation>Un trabajo en curso mantiene sus opciones: esto se aplicará al formulario cuando termine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Puts %1 into the form for the next run</source>
        <translation>Pone %1 en el formulario para la próxima ejecución</translation>
    </message>
</context>
<context>
    <name>fgui::PlanModel</name>
    <message>
        <location filename="../models/plan_model.cpp" line="+113"/>
        <source>%1 to copy</source>
        <translation>%1 para copiar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 to update</source>
        <translation>%1 para actualizar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 folder to create</source>
        <translation>%1 carpeta para crear</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 folders to create</source>
        <translation>%1 carpetas para crear</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 link</source>
        <translation>%1 enlace</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 links</source>
        <translation>%1 enlaces</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 attribute fixes</source>
        <translation>%1 correcciones de atributos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 to delete</source>
        <translation>%1 para eliminar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 problem</source>
        <translation>1 problema</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 problems</source>
        <translation>%1 problemas</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n left out of the run</source>
        <translation>
            <numerusform>%n dejado fuera de la ejecución</numerusform>
            <numerusform>%n dejados fuera de la ejecución</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 not listed here (too many to show; `floodgate sync -n` lists them all)</source>
        <translation>%1 sin mostrar aquí (demasiados; `floodgate sync -n` los muestra todos)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to do: the destination is up to date</source>
        <translation>Nada que hacer: el destino está al día</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>copy</source>
        <translation>copiar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>update</source>
        <translation>actualizar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged</source>
        <translation>sin cambios</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attributes</source>
        <translation>atributos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>create folder</source>
        <translation>crear carpeta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>link</source>
        <translation>crear enlace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete</source>
        <translation>eliminar</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>%1 — left out of the next run</source>
        <translation>%1 — fuera de la próxima ejecución</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>name collision</source>
        <translation>colisión de nombres</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name not allowed</source>
        <translation>nombre no permitido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Clear a row&apos;s box to leave it out of the next run</source>
        <translation>Desmarque la casilla de una fila para dejarla fuera de la próxima ejecución</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Source size</source>
        <translation>Tamaño en origen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source modified</source>
        <translation>Modificado en origen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Action</source>
        <translation>Acción</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination size</source>
        <translation>Tamaño en destino</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination modified</source>
        <translation>Modificado en destino</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Path</source>
        <translation>Ruta</translation>
    </message>
</context>
<context>
    <name>fgui::SavedJobsPanel</name>
    <message>
        <location filename="../widgets/saved_jobs_panel.cpp" line="+41"/>
        <source>&lt;b&gt;Saved jobs&lt;/b&gt;</source>
        <translation>&lt;b&gt;Trabajos guardados&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Write the form into the chosen job</source>
        <translation>Escribir el formulario en el trabajo elegido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save as…</source>
        <translation>Guardar como…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save the form as a new job (a copy of the chosen one)</source>
        <translation>Guardar el formulario como un trabajo nuevo (una copia del elegido)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+246"/>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <location line="-246"/>
        <source>Delete the chosen job (and its schedule)</source>
        <translation>Eliminar el trabajo elegido (y su programación)</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>The jobs `floodgate job` keeps: choose one to fill the form; `floodgate job run NAME` runs it from a script or a timer</source>
        <translation>Los trabajos que guarda `floodgate job`: elija uno para rellenar el formulario; `floodgate job run NAME` lo ejecuta desde un script o un temporizador</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Schedule…</source>
        <translation>Programar…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run the chosen job by itself: daily, weekly, every few hours</source>
        <translation>Ejecutar el trabajo elegido automáticamente: a diario, cada semana, cada pocas horas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>History</source>
        <translation>Historial</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The chosen job&apos;s runs: results, rates, errors and logs</source>
        <translation>Las ejecuciones del trabajo elegido: resultados, velocidades, errores y registros</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>next %1</source>
        <translation>próxima: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>last run: %1</source>
        <translation>última ejecución: %1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Job &apos;%1&apos; does not read: %2</source>
        <translation>El trabajo “%1” no se puede leer: %2</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+5"/>
        <location line="+6"/>
        <location line="+12"/>
        <location line="+8"/>
        <location line="+6"/>
        <source>Not saved: %1</source>
        <translation>No guardado: %1</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>%1 (copy)</source>
        <translation>%1 (copia)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save job as</source>
        <translation>Guardar trabajo como</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name of the job (for `floodgate job run NAME`):</source>
        <translation>Nombre del trabajo (para `floodgate job run NAME`):</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Delete job?</source>
        <translation>¿Eliminar el trabajo?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the saved job &apos;%1&apos;? Its files and history stay; its schedule goes.</source>
        <translation>¿Eliminar el trabajo guardado “%1”? Sus archivos y su historial se quedan; su programación se elimina.</translation>
    </message>
</context>
<context>
    <name>fgui::ScheduleDialog</name>
    <message>
        <location filename="../widgets/schedule_dialog.cpp" line="+15"/>
        <source>Schedule — %1</source>
        <translation>Programación — %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When should &apos;%1&apos; run by itself? For example: &lt;i&gt;daily 02:00&lt;/i&gt;, &lt;i&gt;Mon-Fri 18:30&lt;/i&gt;, &lt;i&gt;Sat,Sun 09:00&lt;/i&gt;, &lt;i&gt;weekly Sun 03:00&lt;/i&gt;, &lt;i&gt;monthly 15 04:00&lt;/i&gt;, &lt;i&gt;hourly&lt;/i&gt;, &lt;i&gt;every 15m&lt;/i&gt;, &lt;i&gt;every 4h&lt;/i&gt;.</source>
        <translation>¿Cuándo debe ejecutarse “%1” automáticamente? Por ejemplo: &lt;i&gt;daily 02:00&lt;/i&gt;, &lt;i&gt;Mon-Fri 18:30&lt;/i&gt;, &lt;i&gt;Sat,Sun 09:00&lt;/i&gt;, &lt;i&gt;weekly Sun 03:00&lt;/i&gt;, &lt;i&gt;monthly 15 04:00&lt;/i&gt;, &lt;i&gt;hourly&lt;/i&gt;, &lt;i&gt;every 15m&lt;/i&gt;, &lt;i&gt;every 4h&lt;/i&gt;.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>A systemd timer runs it, also while this window is closed; a run missed while the computer was off happens when it is next on. Each run is in the history.</source>
        <translation>Lo ejecuta un temporizador de systemd, también con esta ventana cerrada; una ejecución perdida con el equipo apagado se realiza la próxima vez que se encienda. Cada ejecución queda en el historial.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Set schedule</source>
        <translation>Programar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run only when asked</source>
        <translation>Ejecutar solo a petición</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Runs %1; next: %2</source>
        <translation>Programación: %1; próxima: %2</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>unknown</source>
        <translation>desconocida</translation>
    </message>
</context>
<context>
    <name>fgui::SettingsDialog</name>
    <message>
        <location filename="../widgets/settings_dialog.cpp" line="+37"/>
        <source>Settings</source>
        <translation>Preferencias</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The system&apos;s</source>
        <translation>El del sistema</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language:</source>
        <translation>Idioma:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Where saved jobs, the history, this computer&apos;s keys and its pairings are kept (FLOODGATE_HOME); empty: the default</source>
        <translation>Dónde se guardan los trabajos guardados, el historial, las claves de este equipo y sus emparejamientos (FLOODGATE_HOME); vacío: la predeterminada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose…</source>
        <translation>Elegir…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Floodgate folder:</source>
        <translation>Carpeta de Floodgate:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>When any job ends</source>
        <translation>Al terminar cualquier trabajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only when a job fails or leaves files out</source>
        <translation>Solo si un trabajo falla o deja archivos sin sincronizar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Never</source>
        <translation>Nunca</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notify:</source>
        <translation>Notificar:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1024-based: 1 MB = 1,048,576 bytes (as --bwlimit counts)</source>
        <translation>Base 1024: 1 MB = 1.048.576 bytes (como cuenta --bwlimit)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1000-based: 1 MB = 1,000,000 bytes (as disk makers count)</source>
        <translation>Base 1000: 1 MB = 1.000.000 bytes (como cuentan los fabricantes de discos)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sizes:</source>
        <translation>Tamaños:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>For ever</source>
        <translation>Para siempre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> days</source>
        <translation> días</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep runs in the history:</source>
        <translation>Conservar ejecuciones en el historial:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The language and the folder take effect when Floodgate starts again.</source>
        <translation>El idioma y la carpeta se aplicarán cuando Floodgate se vuelva a iniciar.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Floodgate folder</source>
        <translation>Carpeta de Floodgate</translation>
    </message>
</context>
<context>
    <name>fgui::StreamTableModel</name>
    <message>
        <location filename="../models/stream_table_model.cpp" line="+72"/>
        <source>receiver&apos;s window %1</source>
        <translation>ventana del receptor %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>send buffer %1</source>
        <translation>búfer de envío %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>congestion window</source>
        <translation>ventana de congestión</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>stream %1</source>
        <translation>flujo %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 sent, %2 received</source>
        <translation>%1 enviados, %2 recibidos</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The far end sends on this connection: these are its kernel&apos;s figures, from its reports.</source>
        <translation>El otro extremo envía por esta conexión: estas son las cifras de su kernel, según sus informes.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>now %1, the least seen %2</source>
        <translation>ahora %1, el mínimo visto %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stream</source>
        <translation>Flujo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes</source>
        <translation>Bytes</translation>
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
        <translation>Velocidad de entrega</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retransmits</source>
        <translation>Retransmisiones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Congestion</source>
        <translation>Congestión</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limited by</source>
        <translation>Limitado por</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One data connection; the colour is its line on the chart</source>
        <translation>Una conexión de datos; el color es el de su línea en el gráfico</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes on this connection per second, both directions, framing included</source>
        <translation>Bytes por segundo en esta conexión, en ambos sentidos, incluido el entramado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent and received on this connection so far</source>
        <translation>Enviado y recibido en esta conexión hasta ahora</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round-trip time the kernel measures on this connection</source>
        <translation>Tiempo de ida y vuelta que mide el kernel en esta conexión</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Congestion window: packets the sender may have in flight before an answer</source>
        <translation>Ventana de congestión: paquetes que el emisor puede tener en vuelo antes de recibir respuesta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The kernel&apos;s estimate of what this connection delivers</source>
        <translation>La estimación del kernel de lo que entrega esta conexión</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Packets sent again: loss on the path, or a queue that overflowed</source>
        <translation>Paquetes reenviados: pérdidas en la ruta o una cola que se desbordó</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The TCP congestion control this connection uses</source>
        <translation>El control de congestión TCP que usa esta conexión</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What held what this end sends on it over the last moment, from the kernel: the receiver&apos;s window, our send buffer, or the congestion window (the path itself)</source>
        <translation>Lo que frenó en el último momento lo que este extremo envía por ella, según el kernel: la ventana del receptor, nuestro búfer de envío o la ventana de congestión (la propia ruta)</translation>
    </message>
</context>
<context>
    <name>fgui::ThroughputChart</name>
    <message>
        <location filename="../charts/throughput_chart.cpp" line="+66"/>
        <source>Instantaneous</source>
        <translation>Instantáneo</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Smoothed</source>
        <translation>Suavizado</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>stream %1</source>
        <translation>flujo %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: %2 MB/s</source>
        <translation>%1: %2 MB/s</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>1 stream</source>
        <translation>1 flujo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 streams</source>
        <translation>%1 flujos</translation>
    </message>
</context>
<context>
    <name>fgui::format</name>
    <message>
        <location filename="../widgets/format.cpp" line="+15"/>
        <source>file</source>
        <translation>archivo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>files</source>
        <translation>archivos</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reconnecting…</source>
        <translation>Reconectando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scanning…</source>
        <translation>Examinando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comparing…</source>
        <translation>Comparando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transferring</source>
        <translation>Transfiriendo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finishing…</source>
        <translation>Finalizando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+48"/>
        <source>Done</source>
        <translation>Completado</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Failed</source>
        <translation>Falló</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+13"/>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>%1 %2 found</source>
        <translation>%1 %2 hasta ahora</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>ETA %1</source>
        <translation>quedan %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 %3</source>
        <translation>%1 de %2 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finishing up</source>
        <translation>finalizando</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Preview finished in %1</source>
        <translation>Vista previa terminada en %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nothing was changed</source>
        <translation>no se cambió nada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 in %2</source>
        <translation>%1 en %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 average</source>
        <translation>%1 de media</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %2 transferred</source>
        <translation>%1 %2 transferido(s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 deleted</source>
        <translation>%1 eliminado(s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 error</source>
        <translation>1 error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 errors</source>
        <translation>%1 errores</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed after %1</source>
        <translation>Falló tras %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled after %1</source>
        <translation>Cancelado tras %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 transferred</source>
        <translation>%1 transferidos</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../../app/gui/main.cpp" line="+42"/>
        <source>Fast, observable folder sync.</source>
        <translation>Sincronización de carpetas rápida y observable.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sync a generated sample tree to a daemon on this machine.</source>
        <translation>Sincronizar un árbol de ejemplo generado con un demonio en este equipo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show the window in LANGUAGE: en, es, ja or zh_CN (default: the system&apos;s).</source>
        <translation>Mostrar la ventana en LANGUAGE: en, es, ja o zh_CN (predeterminado: el del sistema).</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The demo could not be prepared</source>
        <translation>No se pudo preparar la demostración</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preparing the demo: writing a sample tree and starting a local daemon…</source>
        <translation>Preparando la demostración: escribiendo un árbol de ejemplo e iniciando un demonio local…</translation>
    </message>
</context>
</TS>
