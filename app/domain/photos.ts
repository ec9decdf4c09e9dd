/** What a homeowner may add to a request: the file input and the server read the same rules. */
export const maxPhotos = 5;
export const maxPhotoBytes = 10 * 1024 * 1024;
/** The file input's `accept`: an iPhone then sends its HEIC photos as JPEG. */
export const photoAccept = "image/jpeg,image/png,image/webp";

// eslint-disable-next-line no-control-regex -- control and bidirectional characters are removed
const unsafeCharacters = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file's name as a message may show it: no control or direction characters, at most 80. */
export function shownFileName(name: string): string {
  const clean = name.replace(unsafeCharacters, "").trim() || "The file";
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
}

export const photoMessages = {
  none: "Choose a photo to add.",
  tooMany: `You can add up to ${maxPhotos} photos to a request.`,
  notAnImage: (name: string) => `“${shownFileName(name)}” is not a JPEG, PNG or WebP photo.`,
  tooLarge: (name: string) => `“${shownFileName(name)}” is larger than 10 MB.`,
  unreadable: (name: string) => `“${shownFileName(name)}” could not be read as a photo.`,
};

const acceptedTypes = new Set(photoAccept.split(","));

/**
 * What the page can tell before uploading anything, from what the browser says of each file:
 * too many, too large, or a type it names that is not a photo. The server reads the bytes
 * whatever this says.
 */
export function photoProblemBeforeUpload(
  files: readonly { name: string; size: number; type: string }[],
  alreadyStored: number,
): string | null {
  if (files.length === 0) return photoMessages.none;
  if (alreadyStored + files.length > maxPhotos) return photoMessages.tooMany;
  for (const file of files) {
    if (file.size > maxPhotoBytes) return photoMessages.tooLarge(file.name);
    if (file.type && !acceptedTypes.has(file.type)) return photoMessages.notAnImage(file.name);
  }
  return null;
}
