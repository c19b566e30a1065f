const twilight = {
    "ISBN:9780316015844": {
      "publishers": [
        {
          "name": "Little, Brown Young Readers"
        }
      ],
      "identifiers": {
        "isbn_13": [
          "9780316015844"
        ],
        "openlibrary": [
          "OL9364529M"
        ],
        "isbn_10": [
          "0316015849"
        ],
        "goodreads": [
          "41865"
        ],
        "librarything": [
          "8384326"
        ]
      },
      "weight": "1 pounds",
      "title": "Twilight (The Twilight Saga, Book 1)",
      "url": "https://openlibrary.org/books/OL9364529M/Twilight_(The_Twilight_Saga_Book_1)",
      "number_of_pages": 544,
      "cover": {
        "small": "https://covers.openlibrary.org/b/id/187634-S.jpg",
        "large": "https://covers.openlibrary.org/b/id/187634-L.jpg",
        "medium": "https://covers.openlibrary.org/b/id/187634-M.jpg"
      },
      "subjects": [
        {
          "url": "https://openlibrary.org/subjects/new_york_times_bestseller",
          "name": "New York Times bestseller"
        },
        {
          "url": "https://openlibrary.org/subjects/nyt:series_books=2008-03-15",
          "name": "nyt:series_books=2008-03-15"
        },
        {
          "url": "https://openlibrary.org/subjects/school_&_education",
          "name": "School & Education"
        },
        {
          "url": "https://openlibrary.org/subjects/vampires",
          "name": "Vampires"
        },
        {
          "url": "https://openlibrary.org/subjects/juvenile_fiction",
          "name": "Juvenile Fiction"
        },
        {
          "url": "https://openlibrary.org/subjects/fiction",
          "name": "Fiction"
        },
        {
          "url": "https://openlibrary.org/subjects/children's_books_-_young_adult_fiction",
          "name": "Children's Books - Young Adult Fiction"
        },
        {
          "url": "https://openlibrary.org/subjects/science_fiction,_fantasy,_&_magic",
          "name": "Science Fiction, Fantasy, & Magic"
        },
        {
          "url": "https://openlibrary.org/subjects/children:_young_adult_(gr._10-12)",
          "name": "Children: Young Adult (Gr. 10-12)"
        },
        {
          "url": "https://openlibrary.org/subjects/schools",
          "name": "Schools"
        },
        {
          "url": "https://openlibrary.org/subjects/love_&_romance",
          "name": "Love & Romance"
        },
        {
          "url": "https://openlibrary.org/subjects/horror_&_ghost_stories",
          "name": "Horror & Ghost Stories"
        },
        {
          "url": "https://openlibrary.org/subjects/juvenile_fiction_/_horror_&_ghost_stories",
          "name": "Juvenile Fiction / Horror & Ghost Stories"
        },
        {
          "url": "https://openlibrary.org/subjects/high_schools",
          "name": "High schools"
        },
        {
          "url": "https://openlibrary.org/subjects/children's_12-up_-_fiction_-_horror",
          "name": "Children's 12-Up - Fiction - Horror"
        },
        {
          "url": "https://openlibrary.org/subjects/high_school_students",
          "name": "High school students"
        },
        {
          "url": "https://openlibrary.org/subjects/first_loves",
          "name": "First loves"
        }
      ],
      "publish_date": "September 6, 2006",
      "key": "/books/OL9364529M",
      "authors": [
        {
          "url": "https://openlibrary.org/authors/OL1391085A/Stephenie_Meyer",
          "name": "Stephenie Meyer"
        }
      ],
      "excerpts": [
        {
          "comment": "",
          "text": "MY MOTHER DROVE ME TO THE AIRPORT WITH THE windows rolled down.",
          "first_sentence": true
        }
      ],
      "ebooks": [
        {
          "checkedout": false,
          "formats": {},
          "preview_url": "https://archive.org/details/twilightthetwili00step",
          "borrow_url": "https://openlibrary.org/books/OL9364529M/Twilight_(The_Twilight_Saga_Book_1)/borrow",
          "availability": "borrow"
        }
      ]
    }
}

const eclipse = {
  "ISBN:9780316087360": {
    "publishers": [
      {
        "name": "Little, Brown Books for Young Readers"
      }
    ],
    "identifiers": {
      "isbn_13": [
        "9780316087360"
      ],
      "openlibrary": [
        "OL24085247M"
      ],
      "isbn_10": [
        "031608736X"
      ],
      "oclc": [
        "623610065"
      ]
    },
    "title": "Eclipse (The Twilight Saga)",
    "url": "https://openlibrary.org/books/OL24085247M/Eclipse_(The_Twilight_Saga)",
    "number_of_pages": 640,
    "cover": {
      "small": "https://covers.openlibrary.org/b/id/6389445-S.jpg",
      "large": "https://covers.openlibrary.org/b/id/6389445-L.jpg",
      "medium": "https://covers.openlibrary.org/b/id/6389445-M.jpg"
    },
    "subjects": [
      {
        "url": "https://openlibrary.org/subjects/new_york_times_bestseller",
        "name": "New York Times bestseller"
      },
      {
        "url": "https://openlibrary.org/subjects/nyt:series_books=2008-03-15",
        "name": "nyt:series_books=2008-03-15"
      },
      {
        "url": "https://openlibrary.org/subjects/vampire",
        "name": "vampire"
      }
    ],
    "publish_date": "May 18, 2010",
    "key": "/books/OL24085247M",
    "authors": [
      {
        "url": "https://openlibrary.org/authors/OL1391085A/Stephenie_Meyer",
        "name": "Stephenie Meyer"
      }
    ]
  }
}

module.exports= {twilight, eclipse}