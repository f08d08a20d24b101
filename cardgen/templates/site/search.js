// Pagefind's interface on the search page; results link to the section (its heading's id).
new PagefindUI({ element: "#search", showSubResults: true, showImages: false });
