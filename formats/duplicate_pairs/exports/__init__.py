"""The exports of duplicate pairs: its kinds (``kinds``), what they show (``data``) and its
files (``pdf``, ``workbook``, ``csv_files``), made with what every format's exports share
(``scoring.exports``)."""
