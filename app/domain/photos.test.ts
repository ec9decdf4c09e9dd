import { expect, test } from "vitest";

import { maxPhotoBytes, photoProblemBeforeUpload } from "./photos";

const photo = (name: string, size = 2_000_000, type = "image/jpeg") => ({ name, size, type });

test("photos the server would take pass before upload", () => {
  expect(photoProblemBeforeUpload([photo("a.jpg"), photo("b.png", 10, "image/png")], 3)).toBe(null);
  // A type the browser cannot name is left to the server, which reads the bytes.
  expect(photoProblemBeforeUpload([photo("IMG_1.heic", 10, "")], 0)).toBe(null);
});

test("none, too many, too large and not a photo are told before anything is sent", () => {
  expect(photoProblemBeforeUpload([], 0)).toBe("Choose a photo to add.");
  expect(photoProblemBeforeUpload([photo("a.jpg"), photo("b.jpg")], 4)).toBe(
    "You can add up to 5 photos to a request.",
  );
  expect(photoProblemBeforeUpload([photo("big.jpg", maxPhotoBytes + 1)], 0)).toBe(
    "“big.jpg” is larger than 10 MB.",
  );
  expect(photoProblemBeforeUpload([photo("scan.pdf", 10, "application/pdf")], 0)).toBe(
    "“scan.pdf” is not a JPEG, PNG or WebP photo.",
  );
});
