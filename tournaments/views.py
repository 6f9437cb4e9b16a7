"""Tournament pages. Views are thin: they call selectors to read and services to write."""

from django.shortcuts import render


def home(request):
    """The landing page: the championships a visitor may look at."""
    from tournaments import selectors

    return render(
        request,
        "home.html",
        {"championships": selectors.visible_championships(request.user)},
    )


def public_championship(request, pk: int):
    """The public page of a championship (running or finished)."""
    from django.shortcuts import get_object_or_404

    from tournaments import selectors

    championship = get_object_or_404(selectors.visible_championships(request.user), pk=pk)
    return render(request, "tournaments/public_championship.html", {"championship": championship})
