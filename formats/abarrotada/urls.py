"""Individual URLs beside the shared ones (a player's page, the standings and a round's
results are the shared URLs, which ask the format). One list per concern, each in its own
module: the player's actions, the director's pages, the public results and exports."""

from formats.abarrotada.urls_director import urlpatterns as director_urls
from formats.abarrotada.urls_player import urlpatterns as player_urls
from formats.abarrotada.urls_results import urlpatterns as results_urls

app_name = "abarrotada"

urlpatterns = [*player_urls, *director_urls, *results_urls]
